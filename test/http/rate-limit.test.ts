import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../../src/http/app.ts';
import { BASE_URL } from '../support/harness.ts';

describe('per-IP rate limiting', () => {
  it('is off by default', async () => {
    const app = await buildApp({ config: { baseUrl: BASE_URL }, publication: () => undefined });
    for (let i = 0; i < 50; i++) assert.equal((await app.inject('/api')).statusCode, 200);
    await app.close();
  });

  it('when RATE_LIMIT_PER_MINUTE is set, answers 429 rate_limited with Retry-After in the envelope', async () => {
    const app = await buildApp({ config: { baseUrl: BASE_URL, rateLimitPerMinute: 5 }, publication: () => undefined });
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof app.inject>> | undefined;
    for (let i = 0; i < 7; i++) {
      const res = await app.inject('/api');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited = res;
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
    assert.equal(limited!.json().error.code, 'rate_limited');
    assert.equal(limited!.json().status, 429);
    assert.ok(Number(limited!.headers['retry-after']) > 0);
    assert.equal(limited!.headers['content-type'], 'application/json; charset=utf-8');
    await app.close();
  });
});
