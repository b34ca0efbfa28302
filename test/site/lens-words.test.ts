import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lensWord, lensWords } from '../../src/site/lens-words.ts';
import { LOCALES } from '../../src/timeseries/locales.ts';

/** Every state word the lens publishes (analytics/lens/lens.ts's unions). */
const STATE_WORDS = [
  ...['expanding', 'neutral', 'draining'],
  ...['ample', 'adequate', 'scarce'],
  ...['cuts', 'on-hold', 'hikes'],
  ...['rising', 'flat', 'falling'],
  ...['negative', 'low', 'normal', 'elevated'],
  ...['adding'],
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
      for (const word of STATE_WORDS) assert.ok(words.words[word], `${locale}: ${word}`);
      for (const [key, label] of Object.entries(words.rows))
        assert.notEqual(label, lensWords('en').rows[key as keyof typeof words.rows], `${locale}: ${key}`);
      assert.notEqual(words.title, lensWords('en').title, locale);
    }
  });

  it('English keeps the lens’ own words; a missing value reads n/a', () => {
    assert.equal(lensWord('en', 'narrowing'), 'narrowing');
    assert.equal(lensWord('ja', 'narrowing'), '縮小');
    assert.equal(lensWord('de', null), 'n/a');
  });
});
