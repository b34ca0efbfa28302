import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { startService } from '../src/service.ts';
import { isoDate } from '../src/timeseries/dates.ts';
import { replayEnv } from './support/processes.ts';
import { type ReplayServer, startReplayServer } from './support/replay-server.ts';
import { syntheticReplayData } from './support/synthetic-data.ts';
import { injectInto } from './support/test-app.ts';

describe('the service', () => {
  let replay: ReplayServer;
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    // The service reads the wall clock (its composition root has no other), so the providers' data must end today
    // for a refresh to read as fresh: the fixtures' default end (2026-11-20) made this test fail from 2026-11-28 on.
    replay = await startReplayServer(syntheticReplayData({ start: '2024-01-01', end: isoDate(new Date()) }));
    dir = mkdtempSync(join(tmpdir(), 'usd-liquidity-service-'));
    env = {
      DATABASE_URL: `sqlite:${join(dir, 'service.sqlite')}`,
      ...replayEnv(replay),
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
    };
  });
  after(async () => {
    await replay.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('on an empty store: serves at once, refreshes on start, then publishes the new data', async () => {
    const service = await startService(loadConfig(env));
    try {
      const { startupRefresh } = await service.started;
      assert.ok(startupRefresh, 'a refresh was started because no data was stored');
      const address = service.app.server.address();
      assert.ok(address && typeof address === 'object');
      const before = await fetch(`http://127.0.0.1:${address.port}/api/series/tga`);
      assert.ok(before.status === 503 || before.status === 200);
      await startupRefresh;
      const after = await fetch(`http://127.0.0.1:${address.port}/api/series/tga`);
      assert.equal(after.status, 200);
      assert.equal(((await after.json()) as { meta: { source: string } }).meta.source, 'fresh');
    } finally {
      await service.close();
    }
  });

  it('on restart with data younger than 6 hours: no refresh on start, data served from the store', async () => {
    const requestsBefore = replay.requests.length;
    const service = await startService(loadConfig(env));
    try {
      assert.equal((await service.started).startupRefresh, undefined);
      const res = await injectInto(service.app, '/api/series/net-liquidity');
      assert.equal(res.statusCode, 200);
      assert.equal(replay.requests.length, requestsBefore, 'no provider was called');
    } finally {
      await service.close();
    }
  });
});
