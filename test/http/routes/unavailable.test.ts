import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Publication } from '../../../src/publish/publication/build.ts';
import { buildTestApp } from '../../support/test-app.ts';

/**
 * A publication with data stored whose model failed: only what the model's routes read of it (a stand-in, not a
 * built publication: no refresh can make the model fail on demand).
 */
const failedModel = {
  current: new Map([['tga', [{ date: '2026-11-20', value: 1 }]]]),
  errors: { model: 'a test failure', lens: 'a test failure' },
  csv: { historyCsv: () => undefined },
  historyRanges: { forRange: () => undefined },
} as unknown as Publication;

describe('a resource the model could not compute', () => {
  it('answers its *_unavailable with the reason and one hint, in JSON and CSV alike', async () => {
    const app = buildTestApp({ config: { baseUrl: 'http://usd-liquidity.test' }, publication: () => failedModel });
    const answers = await Promise.all(
      ['/api/history', '/api/history.csv', '/api/lens', '/api/regime'].map(async (path) => {
        const answer = await app.inject(path);
        const { code, message, hint } = answer.json().error;
        return { path, status: answer.statusCode, code, message, hint };
      }),
    );
    for (const answer of answers) {
      assert.equal(answer.status, 500, answer.path);
      assert.match(answer.message, /could not be computed: a test failure\.$/, answer.path);
    }
    assert.deepEqual(
      answers.map((a) => a.code),
      ['history_unavailable', 'history_unavailable', 'lens_unavailable', 'regime_unavailable'],
    );
    // The history's CSV said "has not been computed yet" and the lens gave a hint of its own.
    assert.equal(new Set(answers.map((a) => a.hint)).size, 1, JSON.stringify(answers.map((a) => a.hint)));
  });
});
