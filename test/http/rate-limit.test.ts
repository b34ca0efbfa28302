import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { type Service, startService } from '../../src/service.ts';
import { BASE_URL } from '../support/harness.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 41, point 4: a public API limits each client address by default (RATE_LIMIT_PER_MINUTE, 0 turns it off),
 * answers 429 in the envelope with Retry-After and the IETF RateLimit fields, and reads the client's address from
 * X-Forwarded-For only behind a proxy it was told to trust (TRUSTED_PROXIES). The clock is injected: no test waits.
 */
async function serving(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('the rate limit, on by default', () => {
  let service: Service;
  before(async () => {
    service = await startService(
      loadConfig({
        DATABASE_URL: 'sqlite::memory:',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        REFRESH_ON_START: 'false',
        BOOTSTRAP_SNAPSHOT: 'off',
      }),
    );
  });
  after(() => service.close());

  it('RATE_LIMIT_PER_MINUTE defaults to 600 a minute per address', () => {
    assert.equal(loadConfig({}).rateLimitPerMinute, 600);
  });

  it('the service started with the defaults says its policy on every answer', async () => {
    const port = (service.app.server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/api`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('ratelimit-policy'), '"per-address";q=600;w=60');
    assert.match(res.headers.get('ratelimit') ?? '', /^"per-address";r=599;t=\d+$/);
  });
});

describe('the rate limit', () => {
  let ms = 0;
  const clock = () => ms;
  let app: TestApp;
  let base: string;
  before(async () => {
    app = buildTestApp({ config: { baseUrl: BASE_URL, rateLimitPerMinute: 5 }, publication: () => undefined, clock });
    base = await serving(app);
  });
  after(() => app.close());

  it('answers the quota, then 429 rate_limited in the envelope with Retry-After and the RateLimit fields', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/api`);
      assert.equal(res.status, 200);
      remaining.push(res.headers.get('ratelimit')!);
    }
    assert.deepEqual(remaining, [
      '"per-address";r=4;t=12',
      '"per-address";r=3;t=24',
      '"per-address";r=2;t=36',
      '"per-address";r=1;t=48',
      '"per-address";r=0;t=60',
    ]);
    const limited = await fetch(`${base}/api/regime`);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(limited.headers.get('retry-after'), '12');
    assert.equal(limited.headers.get('ratelimit-policy'), '"per-address";q=5;w=60');
    assert.equal(limited.headers.get('ratelimit'), '"per-address";r=0;t=60');
    assert.match(limited.headers.get('access-control-expose-headers') ?? '', /RateLimit-Policy, RateLimit/);
    const envelope = await limited.json();
    assert.equal(envelope.error.code, 'rate_limited');
    assert.equal(envelope.status, 429);
    assert.match(envelope.error.message, /5 requests a minute/);
    assert.match(envelope.error.hint, /12 s/);
    assert.equal(envelope.error.docs, `${BASE_URL}/docs#error-rate_limited`);
  });

  it('every method counts, and a refused request takes nothing from the quota', async () => {
    const preflight = await fetch(`${base}/api`, { method: 'OPTIONS' });
    assert.equal(preflight.status, 429);
    const post = await fetch(`${base}/mcp`, { method: 'POST', body: '{}' });
    assert.equal(post.status, 429);
    ms += 12_000; // one request's worth (60 s / 5)
    assert.equal((await fetch(`${base}/api`)).status, 200);
    assert.equal((await fetch(`${base}/api`)).status, 429);
  });

  it('the quota comes back with time, up to its size and no more', async () => {
    ms += 3_600_000;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${base}/api`)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  });
});

describe('client addresses', () => {
  // Time stands still: only the addresses differ.
  const clock = () => 0;

  it('behind a trusted proxy, each X-Forwarded-For client has its own quota (an IPv6 client by its /64)', async () => {
    const app = buildTestApp({
      config: { baseUrl: BASE_URL, rateLimitPerMinute: 2, trustedProxies: ['127.0.0.1'] },
      publication: () => undefined,
      clock,
    });
    const base = await serving(app);
    const from = (address: string) => fetch(`${base}/api`, { headers: { 'x-forwarded-for': address } });
    try {
      assert.equal((await from('203.0.113.7')).status, 200);
      assert.equal((await from('203.0.113.7')).status, 200);
      assert.equal((await from('203.0.113.7')).status, 429);
      assert.equal((await from('198.51.100.1')).status, 200, 'another client');
      // The proxy appends the address it saw: a client's own X-Forwarded-For entry to the left is not believed.
      assert.equal((await from('198.51.100.99, 203.0.113.7')).status, 429);
      assert.equal((await from('2001:db8:1:2::1')).status, 200);
      assert.equal((await from('2001:db8:1:2:ffff::9')).status, 200);
      assert.equal((await from('2001:db8:1:2::abcd')).status, 429, 'the same /64');
      assert.equal((await from('2001:db8:1:3::1')).status, 200, 'another /64');
    } finally {
      await app.close();
    }
  });

  it('from an address not trusted as a proxy, X-Forwarded-For is ignored (it cannot buy a fresh quota)', async () => {
    const app = buildTestApp({
      config: { baseUrl: BASE_URL, rateLimitPerMinute: 2 },
      publication: () => undefined,
      clock,
    });
    const base = await serving(app);
    try {
      const statuses: number[] = [];
      for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
        statuses.push((await fetch(`${base}/api`, { headers: { 'x-forwarded-for': address } })).status);
      assert.deepEqual(statuses, [200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('RATE_LIMIT_PER_MINUTE=0', () => {
  it('turns the limit off: no RateLimit fields, never 429', async () => {
    assert.equal(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }).rateLimitPerMinute, 0);
    const app = buildTestApp({ config: { baseUrl: BASE_URL, rateLimitPerMinute: 0 }, publication: () => undefined });
    const base = await serving(app);
    try {
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${base}/api`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('ratelimit'), null);
      }
    } finally {
      await app.close();
    }
  });
});
