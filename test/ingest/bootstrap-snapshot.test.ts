import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.ts';
import { exportSnapshot, snapshotForEmptyStore, storeSnapshot } from '../../src/ingest/bootstrap-snapshot.ts';
import { deriveSeries } from '../../src/ingest/derive.ts';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import {
  MANIFEST_FILE,
  readSnapshot,
  SNAPSHOT_BUDGET_BYTES,
  SNAPSHOT_FILE,
  type SnapshotManifest,
} from '../../src/ingest/snapshot-file.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { startService } from '../../src/service.ts';
import { countRows, loadSeries } from '../../src/store/observations.ts';
import { lastFullReads, lastSuccessfulRunAt, recentRuns } from '../../src/store/runs.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { formulaInputs, seriesDef } from '../../src/timeseries/catalog.ts';
import { licenseOf } from '../../src/timeseries/licenses.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';
import { injectInto } from '../support/test-app.ts';

// The fixtures end on 2026-09-30, read the next day: to any real clock after it, the data is weeks old.
const REFRESHED_AT = new Date('2026-10-01T12:00:00Z');

describe('the bootstrap snapshot', () => {
  let replay: ReplayServer;
  let source: Store;
  let dir: string;
  let manifest: SnapshotManifest;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2023-01-01', end: '2026-09-30' }));
    source = await openStore('sqlite::memory:');
    await runRefresh(
      { store: source, providers: createProviders(replay.providerConfig()), now: () => REFRESHED_AT },
      'test',
    );
    dir = mkdtempSync(join(tmpdir(), 'usdl-snapshot-'));
    manifest = await exportSnapshot(source, dir);
  });
  after(async () => {
    await source.close();
    await replay.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds every stored series its terms let us redistribute, exactly, and no restricted one', async () => {
    const stored = await loadSeries(source.db);
    const { series } = readSnapshot(dir);
    for (const [id, observations] of stored) {
      const terms = licenseOf(seriesDef(id)!).terms;
      if (terms === 'restricted') {
        assert.ok(!series.has(id), `${id} (restricted) left out`);
        assert.ok(manifest.excluded.some((e) => e.id === id));
      } else assert.deepEqual(series.get(id), observations, id);
    }
    assert.ok(manifest.excluded.length > 0, 'the fixtures hold restricted series (ICE BofA)');
    assert.equal(manifest.seenAt, REFRESHED_AT.toISOString());
    assert.equal(manifest.date, '2026-10-01');
    const cited = manifest.series.find((s) => s.terms === 'citation-required');
    assert.ok(cited && cited.attribution.length > 0, 'citation-required series carry their citation');
  });

  it('is refused when its data does not match the manifest', () => {
    const tampered = mkdtempSync(join(tmpdir(), 'usdl-snapshot-bad-'));
    try {
      writeFileSync(join(tampered, MANIFEST_FILE), readFileSync(join(dir, MANIFEST_FILE)));
      const body = readFileSync(join(dir, SNAPSHOT_FILE));
      body[body.length - 10]! ^= 0xff;
      writeFileSync(join(tampered, SNAPSHOT_FILE), body);
      assert.throws(() => readSnapshot(tampered), /does not match its manifest/);
    } finally {
      rmSync(tampered, { recursive: true, force: true });
    }
  });

  it('loads into an empty store only, as vintages seen at its date, under a run that is no refresh', async () => {
    const store = await openStore('sqlite::memory:');
    try {
      const snapshot = await snapshotForEmptyStore(store, dir);
      assert.ok(snapshot);
      // It yields before each series and between each series' insert batches of 500 rows (the serving thread's
      // requests go between them: SQLite's driver is synchronous).
      let turns = 0;
      await storeSnapshot(store, snapshot, async () => {
        turns++;
      });
      const batches = [...snapshot.series.values()].reduce(
        (n, points) => n + Math.max(1, Math.ceil(points.length / 500)),
        0,
      );
      assert.ok(batches > snapshot.series.size, 'a series of more than one batch');
      assert.equal(turns, batches);
      const [run] = await recentRuns(store.db, 1);
      assert.equal(run?.trigger, 'bootstrap snapshot of 2026-10-01');
      assert.equal(run?.status, 'ok');
      assert.equal(run?.started_at, REFRESHED_AT.toISOString());
      const seen = await store.db.selectFrom('observations').select('seen_at').distinct().execute();
      assert.deepEqual(
        seen.map((r) => r.seen_at),
        [REFRESHED_AT.toISOString()],
      );
      // Not a provider read: the refresh on start still runs, and reads every whole history.
      assert.equal(await lastSuccessfulRunAt(store.db), undefined);
      assert.equal((await lastFullReads(store.db)).size, 0);
      assert.equal(await snapshotForEmptyStore(store, dir), undefined, 'a second load does nothing');
    } finally {
      await store.close();
    }
  });

  it('offline, a first start serves it at once, stale and dated, and says the providers cannot be reached', async () => {
    const home = mkdtempSync(join(tmpdir(), 'usdl-offline-'));
    // Every provider at an address that refuses connections: a port just freed.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const nowhere = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const service = await startService(
      loadConfig({
        DATABASE_URL: `sqlite:${join(home, 'store.sqlite')}`,
        BOOTSTRAP_SNAPSHOT: dir,
        FRED_BASE_URL: nowhere,
        TREASURY_BASE_URL: nowhere,
        NYFED_BASE_URL: nowhere,
        PRICES_BASE_URL: nowhere,
        PROVIDER_RETRIES: '0',
        FRED_MIN_INTERVAL_MS: '0',
        LOG_LEVEL: 'silent',
      }),
      { listen: false },
    );
    try {
      // Served before the refresh on start has even ended.
      const regime = await injectInto(service.app, '/api/regime');
      assert.equal(regime.statusCode, 200);
      const body = regime.json() as {
        freshness: { state: string };
        provenance: { inputs: Array<{ vintageSeenAt: string; vintageFrom?: string }> };
      };
      assert.equal(body.freshness.state, 'stale', 'the snapshot is days old: never presented as current');
      assert.ok(
        body.provenance.inputs.some(
          (i) => i.vintageSeenAt === REFRESHED_AT.toISOString() && i.vintageFrom === 'bootstrap snapshot of 2026-10-01',
        ),
      );
      assert.equal((await injectInto(service.app, '/')).statusCode, 200);

      const { startupRefresh } = await service.started;
      assert.ok(startupRefresh, 'the refresh on start runs after the snapshot');
      await startupRefresh;
      const health = (await injectInto(service.app, '/api/health')).json() as {
        status: string;
        reasons: string[];
        nextRefreshAt: string | null;
        lastRefresh: { trigger: string; status: string };
      };
      assert.equal(health.status, 'degraded');
      assert.equal(health.lastRefresh.status, 'failed');
      assert.match(
        health.reasons[0]!,
        /The data providers cannot be reached \(FRED, .*\): the connection to the provider was refused\. Serving the data already stored \(up to \d{4}-\d{2}-\d{2}\)\. Next try: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./,
      );
      assert.ok(health.nextRefreshAt, 'when the next try is');
      // The first screen says where the data comes from after the reading (issue 43), and health's words behind it.
      const page = (await injectInto(service.app, '/')).body;
      assert.match(
        page,
        /Data from the snapshot bundled with this release, dated [A-Z][a-z]{2} \d+, \d{4} \(data to [^)]+\); the providers could not be reached\./,
      );
      assert.match(page, /The data providers cannot be reached \(FRED, /);
      assert.match(page, /the connection to the provider was refused\. Serving the data already stored/);
      assert.match(page, /Next try: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
      const again = (await injectInto(service.app, '/api/regime')).json() as { freshness: { state: string } };
      assert.equal(again.freshness.state, 'stale', 'still served after the failed refresh');
    } finally {
      await service.close();
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('stopped during a first start, does not wait for the snapshot to be stored: left empty, loaded by the next start', async () => {
    const home = mkdtempSync(join(tmpdir(), 'usdl-stopped-'));
    const config = loadConfig({
      DATABASE_URL: `sqlite:${join(home, 'store.sqlite')}`,
      BOOTSTRAP_SNAPSHOT: dir,
      REFRESH_ON_START: 'false',
      LOG_LEVEL: 'silent',
    });
    try {
      // Serving from memory once it resolves; the snapshot's store is under way, one series at a time.
      const service = await startService(config, { listen: false });
      assert.equal((await injectInto(service.app, '/api/regime')).statusCode, 200);
      await service.close();
      const store = await openStore(config.databaseUrl);
      try {
        assert.equal(await countRows(store.db), 0, 'the load was rolled back, not waited for');
      } finally {
        await store.close();
      }
      const again = await startService(config, { listen: false });
      await again.started;
      await again.close();
      const stored = await openStore(config.databaseUrl);
      try {
        assert.ok((await countRows(stored.db)) > 0, 'the next start loaded it');
      } finally {
        await stored.close();
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('the snapshot shipped with the project', () => {
  const shipped = fileURLToPath(new URL('../../bootstrap/', import.meta.url));
  it('matches its manifest, fits its budget, and holds no restricted series', () => {
    assert.ok(existsSync(join(shipped, MANIFEST_FILE)), 'bootstrap/manifest.json is checked in');
    const { manifest, series } = readSnapshot(shipped);
    assert.ok(manifest.bytes <= SNAPSHOT_BUDGET_BYTES, `${manifest.bytes} bytes`);
    const digest = createHash('sha256')
      .update(readFileSync(join(shipped, manifest.file)))
      .digest('hex');
    assert.equal(digest, manifest.sha256);
    for (const id of series.keys()) assert.notEqual(licenseOf(seriesDef(id)!).terms, 'restricted', id);
    assert.ok(series.size >= 25, `${series.size} series`);
  });

  it("holds each derived series as today's formulas derive it from the snapshot's inputs", () => {
    // A snapshot exported by earlier code would serve a derived series' old values (e.g. net liquidity with ON RRP
    // read as 0 after its last print) until the first refresh that can reach a provider.
    const { series } = readSnapshot(shipped);
    let checked = 0;
    for (const [id, stored] of series) {
      const def = seriesDef(id)!;
      if (!def.formula || !formulaInputs(def.formula).every((input) => series.has(input))) continue;
      assert.deepEqual(deriveSeries(def, series), stored, `${id}: run \`npm run snapshot -- export\` again`);
      checked++;
    }
    assert.ok(checked >= 10, `${checked} derived series checked`);
  });
});
