import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lensLabels } from '../../../src/publish/resources/lens.ts';
import { lensWord, lensWords } from '../../../src/site/words/lens.ts';
import { LOCALES } from '../../../src/timeseries/locales.ts';

/** Every state word the lens publishes (analytics/lens/lens.ts's unions). */
const STATE_WORDS = [
  ...['expanding', 'neutral', 'draining'],
  ...['ample', 'adequate', 'scarce'],
  ...['cuts', 'on-hold', 'hikes'],
  ...['rising', 'flat', 'falling'],
  ...['negative', 'low', 'normal', 'elevated'],
  ...['depleted'],
  ...['calm', 'stressed'],
  ...['widening', 'stable', 'narrowing'],
  ...['supportive', 'restrictive'],
  ...['easing', 'steady', 'tightening'],
];

describe('the lens page in every language', () => {
  it('every locale other than English translates every state word and every label', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const words = lensWords(locale);
      // Every word has a translation: the narrative's, or this page's own (some are the English word: "neutral").
      for (const word of STATE_WORDS) assert.ok(lensLabels(locale)[word] ?? words.words[word], `${locale}: ${word}`);
      for (const pulse of ['adding', 'neutral', 'draining']) assert.ok(lensLabels(locale)[`fiscal-${pulse}`], locale);
      for (const [key, label] of Object.entries(words.rows))
        assert.notEqual(label, lensWords('en').rows[key as keyof typeof words.rows], `${locale}: ${key}`);
      assert.notEqual(words.title, lensWords('en').title, locale);
    }
  });

  it('English keeps the lens’ own words; a missing value reads n/a', () => {
    assert.equal(lensWord('en', 'narrowing'), 'narrowing');
    assert.equal(lensWord('ja', 'narrowing'), '縮小');
    // Where the narrative has a word, the page uses it: the grid says what the narrative beside it says.
    assert.equal(lensWord('ja', 'supportive'), '緩和的');
    assert.equal(lensWord('de', null), 'n/a');
  });
});
