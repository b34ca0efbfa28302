import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fetchFredCsv, fetchFredJson, parseFredApiPage, parseFredCsv } from '../../src/providers/fred.ts';
import { DEFAULT_HTTP_POLICY } from '../../src/providers/http-client.ts';
import { ProviderError } from '../../src/providers/provider-error.ts';
import { rateLimiter } from '../../src/providers/rate-limiter.ts';
import { REAL_DATA_DIR } from '../support/replay-data.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

const ctx = (seriesId: string) => ({
  source: 'fred',
  seriesId,
  limiter: rateLimiter({ minIntervalMs: 0, maxConcurrent: 2 }),
  policy: { ...DEFAULT_HTTP_POLICY, retries: 0, timeoutMs: 2000 },
});

describe('FRED CSV parsing', () => {
  it('reads the current form: observation_date header, empty field = missing', () => {
    const body = 'observation_date,RRPONTSYD\n2021-07-02,731.504\n2021-07-05,\n2021-07-06,772.581\n';
    assert.deepEqual(parseFredCsv(body, 'RRPONTSYD'), [
      { date: '2021-07-02', value: 731.504 },
      { date: '2021-07-06', value: 772.581 },
    ]);
  });

  it('reads the legacy form: DATE header, "." = missing', () => {
    const body = 'DATE,NASDAQCOM\n2019-02-15,7472.41\n2019-02-18,.\n2019-02-19,7486.77\n';
    assert.deepEqual(
      parseFredCsv(body, 'NASDAQCOM').map((o) => o.date),
      ['2019-02-15', '2019-02-19'],
    );
  });

  it('reads the verbatim legacy file from the real data folder', {
    skip: !existsSync(`${REAL_DATA_DIR}legacy_format`),
  }, () => {
    const body = readFileSync(`${REAL_DATA_DIR}legacy_format/NASDAQCOM_legacy_DATE_header_2024-02-09.csv`, 'utf8');
    const parsed = parseFredCsv(body, 'NASDAQCOM');
    assert.equal(parsed.length, 1305 - 45);
    assert.ok(parsed.every((o) => Number.isFinite(o.value)));
  });

  const rejects = (body: string, pattern: RegExp) =>
    assert.throws(
      () => parseFredCsv(body, 'WALCL'),
      (e: unknown) => e instanceof ProviderError && e.kind === 'parse' && pattern.test(e.message),
    );

  it('rejects a non-numeric value, naming the date', () =>
    rejects('observation_date,WALCL\n2024-01-03,abc\n', /non-numeric value "abc" on 2024-01-03/));
  it('rejects an impossible date', () =>
    rejects('observation_date,WALCL\n2024-02-30,1\n', /impossible date "2024-02-30"/));
  it('rejects a file cut mid-line', () => rejects('observation_date,WALCL\n2024-01-03,1\n2024-01-1', /truncated/));
  it('rejects a file cut mid-value (no final newline)', () =>
    rejects('observation_date,WALCL\n2024-01-03,7712', /truncated/));
  it('rejects a row with a bad date even when the file is complete', () =>
    rejects('observation_date,WALCL\n2024-01-03,1\n2024-01-1,5\n', /impossible date "2024-01-1"/));
  it('rejects a CSV for another series', () => rejects('observation_date,WTREGEN\n2024-01-03,1\n', /not WALCL/));
  it('rejects a header-only file', () => rejects('observation_date,WALCL\n', /no rows/));
  it('names the source and series in the error', () => {
    try {
      parseFredCsv('x\n', 'WALCL', 'fred:WALCL', 'fed-balance-sheet');
      assert.fail('should throw');
    } catch (error) {
      assert.match((error as Error).message, /^fred:WALCL fed-balance-sheet: /);
    }
  });
});

describe('FRED JSON API parsing', () => {
  it('reads the recorded real response (values are strings)', {
    skip: !existsSync(`${REAL_DATA_DIR}provider_samples`),
  }, () => {
    const page = JSON.parse(
      readFileSync(
        `${REAL_DATA_DIR}provider_samples/fred_api_series_observations_SOFR_2024-06-01_2024-06-06.json`,
        'utf8',
      ),
    );
    assert.deepEqual(parseFredApiPage(page, 'SOFR'), [
      { date: '2024-06-03', value: 5.35 },
      { date: '2024-06-04', value: 5.33 },
      { date: '2024-06-05', value: 5.33 },
      { date: '2024-06-06', value: 5.33 },
    ]);
  });

  it('skips "." values and refuses FRED error bodies', () => {
    const page = {
      count: 2,
      observations: [
        { date: '2024-07-04', value: '.' },
        { date: '2024-07-05', value: '5.31' },
      ],
    };
    assert.deepEqual(parseFredApiPage(page, 'SOFR'), [{ date: '2024-07-05', value: 5.31 }]);
    assert.throws(
      () => parseFredApiPage({ error_code: 400, error_message: 'Bad Request.' }, 'SOFR'),
      /FRED API error 400/,
    );
  });
});

describe('FRED client against the replay server', () => {
  let replay: ReplayServer;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2024-01-01', end: '2024-12-31' }));
  });
  after(() => replay.close());

  it('downloads fredgraph.csv keylessly', async () => {
    const observations = await fetchFredCsv(
      'WALCL',
      { csvBaseUrl: replay.url, apiBaseUrl: replay.url, apiKey: undefined },
      ctx('WALCL'),
    );
    assert.equal(observations.length, 52); // Wednesdays of 2024: Jan 3 … Dec 25
    assert.ok(replay.requests.some((r) => r === '/graph/fredgraph.csv?id=WALCL'));
  });

  it('uses the JSON API when a key is set, and keeps the key out of errors', async () => {
    const opts = { csvBaseUrl: replay.url, apiBaseUrl: replay.url, apiKey: 'k'.repeat(32) };
    const observations = await fetchFredJson('DGS10', opts, ctx('DGS10'));
    const csv = await fetchFredCsv('DGS10', opts, ctx('DGS10'));
    assert.deepEqual(observations, csv);
    await assert.rejects(fetchFredJson('NOPE', opts, ctx('NOPE')), (e: Error) => !e.message.includes('k'.repeat(32)));
  });
});
