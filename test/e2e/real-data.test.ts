import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { formatDate } from '../../src/site/site-data.ts';
import { loadSeries } from '../../src/store/observations.ts';
import { addDays } from '../../src/timeseries/dates.ts';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import { assertAtom } from '../support/atom.ts';
import { createHarness, type Harness } from '../support/harness.ts';
import { hasRealData, REAL_DATA_DIR, realReplayData } from '../support/replay-data.ts';

/** Reads a real file straight from disk, independently of the code under test. */
function rawFile(name: string): Map<string, number> {
  const lines = readFileSync(`${REAL_DATA_DIR}${name}`, 'utf8').trim().split('\n').slice(1);
  const map = new Map<string, number>();
  for (const line of lines) {
    const [date, value] = line.split(',');
    if (value) map.set(date!, Number(value));
  }
  return map;
}

// CI sets REQUIRE_REAL_DATA: there, missing files are a failure, not a skip.
it('the real files are present where they are required', { skip: process.env.REQUIRE_REAL_DATA !== '1' }, () => {
  assert.ok(hasRealData(), `REQUIRE_REAL_DATA is set but ${REAL_DATA_DIR} has no data`);
});

describe('end to end on the real files', { skip: !hasRealData() && 'no ../shared/data/real' }, () => {
  let h: Harness;
  const served = async (id: string) => {
    const res = await h.app.inject(`/api/series/${id}?days=4000`);
    assert.equal(res.statusCode, 200, id);
    const body = res.json();
    return {
      meta: body.meta,
      byDate: new Map<string, number>(body.data.map((p: { date: string; value: number }) => [p.date, p.value])),
    };
  };

  before(async () => {
    h = await createHarness({ data: realReplayData(), now: new Date('2026-09-01T12:00:00Z') });
    await h.refresh();
  });
  after(() => h.close());

  it('data out on the real files: every CSV equals its JSON, the bulk zip round-trips, the feeds are Atom 1.0', async () => {
    const files = unzipSync(new Uint8Array((await h.app.inject('/api/bulk.zip')).rawPayload));
    const long = parse(strFromU8(files['observations.csv']!), { columns: true }) as Array<Record<string, string>>;
    let compared = 0;
    for (const id of INDICATOR_IDS) {
      const res = await h.app.inject(`/api/series/${id}?days=4000`);
      if (res.statusCode !== 200) continue;
      const json = res.json();
      const csv = await h.app.inject(`/api/series/${id}.csv?days=4000`);
      if (json.meta.license.redistribution !== 'full') {
        assert.equal(csv.statusCode, 451, id);
        assert.ok(!long.some((r) => r.series_id === id), `${id} withheld from the bulk file`);
        continue;
      }
      const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
      const points = json.data.map((p: { date: string; value: number }) => [p.date, p.value]);
      assert.deepEqual(
        rows.map((r) => [r.date, Number(Object.values(r)[1])]),
        points,
        `${id}: CSV = JSON`,
      );
      const first = json.data[0]?.date ?? '';
      assert.deepEqual(
        long.filter((r) => r.series_id === id && String(r.date) >= first).map((r) => [r.date, Number(r.value)]),
        points,
        `${id}: bulk = JSON`,
      );
      compared++;
    }
    assert.ok(compared >= 15, `${compared} series compared`);
    assert.equal(strFromU8(files['history.csv']!), (await h.app.inject('/api/history.csv')).body);
    assertAtom((await h.app.inject('/feed.xml')).body);
    assertAtom((await h.app.inject('/api/series/net-liquidity/feed.xml')).body);
  });

  it('agents on the real files: the MCP client lists the tools and gets the regime with its provenance', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as AddressInfo).port;
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    try {
      assert.equal((await client.listTools()).tools.length, 8);
      const regime = (await client.callTool({ name: 'get_regime', arguments: {} })) as unknown as {
        structuredContent: { percentile5y: number; provenance: { inputs: unknown[] } };
      };
      assert.equal(regime.structuredContent.percentile5y, (await h.app.inject('/api/regime')).json().percentile5y);
      assert.ok(regime.structuredContent.provenance.inputs.length >= 7);
    } finally {
      await client.close();
    }
  });

  it('net liquidity on a Wednesday equals WALCL − TGA − ON RRP from the raw files, in USD billions', async () => {
    const walcl = rawFile('WALCL.csv');
    const tga = rawFile('treasury/TGA_CLOSE_DTS.csv');
    const rrp = rawFile('RRPONTSYD.csv');
    const { byDate } = await served('net-liquidity');
    for (const date of ['2022-06-01', '2023-03-15', '2024-06-26', '2025-12-31', '2026-06-17']) {
      const expected = walcl.get(date)! / 1000 - tga.get(date)! / 1000 - rrp.get(date)!;
      assert.ok(Math.abs(byDate.get(date)! - expected) < 1e-6, `${date}: served ${byDate.get(date)} vs ${expected}`);
    }
  });

  it('the TGA is the daily DTS close (millions → billions) inside its coverage, WDTGAL outside it', async () => {
    const { byDate } = await served('tga');
    assert.equal(byDate.get('2026-06-23'), 925.876);
    const wdtgal = rawFile('WDTGAL.csv');
    assert.equal(byDate.get('2026-08-26'), wdtgal.get('2026-08-26')! / 1000);
  });

  it('sofr-iorb is (SOFR − IORB) × 100 bps on a given day', async () => {
    const sofr = rawFile('SOFR.csv');
    const iorb = rawFile('IORB.csv');
    const { byDate } = await served('sofr-iorb');
    for (const date of ['2023-12-29', '2025-06-30']) {
      const expected = (sofr.get(date)! - iorb.get(date)!) * 100;
      assert.ok(Math.abs(byDate.get(date)! - expected) < 1e-6, date);
    }
  });

  it('hy-spread: ICE values withheld under their licence, statistics and terms served; 3 years as FRED serves them', async () => {
    const hy = rawFile('BAMLH0A0HYM2.csv');
    const res = await h.app.inject('/api/series/hy-spread?days=4000');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(body.data, [], 'no ICE value is reproduced');
    assert.equal(body.meta.unit, 'bps');
    assert.equal(body.meta.license.terms, 'restricted');
    assert.equal(body.meta.license.redistribution, 'statistics-only');
    assert.equal(body.meta.lastAvailableDate, [...hy.keys()].at(-1));
    // A fresh install stores only what FRED serves now: the last 3 years.
    const stored = (await loadSeries(h.store.db, { seriesIds: ['hy-spread'] })).get('hy-spread')!;
    assert.ok(stored[0]!.date > '2023-07-28', `first stored ICE date ${stored[0]!.date}`);
    assert.ok(Math.abs(stored.at(-1)!.value - hy.get(stored.at(-1)!.date)! * 100) < 1e-9, 'stored in bps');
    assert.equal((await h.app.inject('/charts/hy-spread.svg')).statusCode, 451);
  });

  it('the fed balance sheet is in billions, with honest freshness', async () => {
    const fed = await served('fed-balance-sheet');
    assert.equal(fed.meta.lastAvailableDate, '2026-08-26');
    assert.equal(fed.meta.source, 'fresh');
    assert.equal(fed.meta.license.terms, 'public-domain');
    // VIX ends 2026-06-04 in the files: three months before "now", so it is honestly stale.
    const vix = await served('vix');
    assert.equal(vix.meta.source, 'stale');
    assert.equal(vix.meta.license.terms, 'citation-required');
  });

  it('federal-deficit is deficit-positive: MTS Table 1 agrees with FRED MTSDS133FMS (opposite sign, millions)', async () => {
    const fred = rawFile('MTSDS133FMS.csv');
    const stored = (await loadSeries(h.store.db, { seriesIds: ['federal-deficit'] })).get('federal-deficit')!;
    const byDate = new Map(stored.map((o) => [o.date, o.value]));
    assert.ok(Math.abs(byDate.get('2018-04-01')! - -214.255) < 0.001, `2018-04 ${byDate.get('2018-04-01')}`);
    assert.ok(Math.abs(byDate.get('2020-04-01')! - 737.851) < 0.001, `2020-04 ${byDate.get('2020-04-01')}`);
    let months = 0;
    for (const [date, millions] of fred) {
      if (date < '2015-01-01') continue; // the MTS endpoint is read from FY2015
      months++;
      assert.ok(
        Math.abs(byDate.get(date)! - -millions / 1000) < 1e-6,
        `${date}: ${byDate.get(date)} vs ${-millions / 1000}`,
      );
    }
    assert.ok(months >= 130, `${months} months compared`);
  });

  it('bills share: one value for every month MSPD covers, as the real statements give it', async () => {
    const share = (await loadSeries(h.store.db, { seriesIds: ['bills-share'] })).get('bills-share')!;
    assert.equal(share.length, 305);
    const byDate = new Map(share.map((o) => [o.date, o.value]));
    assert.equal(Math.round(byDate.get('2025-02-28')! * 1000) / 1000, 22.243);
    assert.equal(Math.round(byDate.get('2024-01-31')! * 1000) / 1000, 21.804);
  });

  it('every one of the 25 series carries its licence', async () => {
    for (const id of INDICATOR_IDS) {
      const res = await h.app.inject(`/api/series/${id}`);
      if (res.statusCode === 503) continue; // no data in the files (srf); the licence is also in /api
      const license = res.json().meta.license;
      assert.ok(license.terms && license.url && license.attribution, id);
    }
    const directory = (await h.app.inject('/api')).json();
    assert.equal(directory.license.series.length, 25);
  });

  // dli-4's targets (docs/dli-4-protocol.md) on the published history: T1–T8 as dli-3's issue stated them, T9–T12
  // dli-4's. Each is held here; the one dli-4 misses is `todo` with the figure measured, never loosened: the
  // protocol chose dli-4 on 2005–2018, not for these figures.
  const target = async (id: string) => {
    const { targets } = (await h.app.inject('/api/model')).json().validation;
    return targets.find((t: { id: string }) => t.id === id) as { figure: string; pass: boolean | null };
  };
  for (const id of ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T9', 'T10', 'T11', 'T12']) {
    it(`${id} holds on the real files`, async () => {
      const t = await target(id);
      assert.equal(t.pass, true, t.figure);
    });
  }
  it('T8: Spearman ≥ 0.45 with NFCI and with STLFSI4 over 2008–2015', {
    todo: 'dli-4 scores 0.25 with NFCI and 0.33 with STLFSI4 over 2008–2015 (dli-3: 0.33 / 0.42); the variant that met it (V4) failed the composition guarantee — docs/methodology.md §2.10',
  }, async () => {
    const t = await target('T8');
    assert.equal(t.pass, true, t.figure);
  });

  it('SVB, Lehman and the dash for cash read tight on the served history (T9, T1), from the Fed lending that shows them', async () => {
    const history = (await h.app.inject('/api/history')).json();
    const peak = (date: string) => {
      const at = history.dates.findIndex((d: string) => d >= date);
      return Math.max(...history.headline.slice(Math.max(0, at - 10), at + 11));
    };
    assert.ok(peak('2023-03-13') >= 80, `SVB ${peak('2023-03-13')}`);
    assert.ok(peak('2008-09-15') >= 80, `Lehman ${peak('2008-09-15')}`);
    const svb = history.dates.indexOf('2023-03-16');
    // The floor: the H.4.1 of 2023-03-15 (published the 16th) shows 307.6 bn of Fed lending, 4.6 a week earlier.
    assert.ok(history.contributions.backstops[svb] > 50, 'the backstops lift the level');
    assert.equal(history.status[svb], 'risk-off');
    const lending = ['WLCFLPCL.csv', 'H41RESPPALDKNWW.csv', 'WLCFOCEL.csv'].map((f) => rawFile(f).get('2023-03-15')!);
    assert.equal(lending.reduce((a, b) => a + b, 0) / 1000, 307.596, 'primary credit + BTFP + other credit');
    const i = history.dates.indexOf('2020-03-20');
    assert.ok(history.headline[i] >= 80, `2020-03-20 headline ${history.headline[i]}`);
  });

  it('the served status is the published rule applied to the served headline, rewritten here from /api/model (T10)', async () => {
    const history = (await h.app.inject('/api/history')).json();
    const t = (await h.app.inject('/api/model')).json().thresholds;
    let previous = 'neutral';
    let agree = 0;
    for (let i = 0; i < history.count; i++) {
      const h5 = history.headline[i];
      let expected: string | null = null;
      if (history.liveWeightShare[i] >= 0.5) {
        if (h5 >= t.riskOffAtOrAbove) expected = 'risk-off';
        else if (h5 <= t.riskOnAtOrBelow) expected = 'risk-on';
        else if (previous === 'risk-off' && h5 >= t.riskOffUntilBelow) expected = 'risk-off';
        else if (previous === 'risk-on' && h5 <= t.riskOnUntilAbove) expected = 'risk-on';
        else expected = 'neutral';
        previous = expected;
      }
      if (history.status[i] === expected && history.provisional[i] === (expected === null)) agree++;
    }
    assert.ok(agree / history.count >= 0.999, `${agree} of ${history.count}`);
  });

  it('the contributions add up to the level within 1 point on ≥ 99 % of days, and the level is 0–100 (T12)', async () => {
    const history = (await h.app.inject('/api/history')).json();
    let within = 0;
    for (let i = 0; i < history.count; i++) {
      const sum = Object.values(history.contributions as Record<string, Array<number | null>>).reduce(
        (a, parts) => a + (parts[i] ?? 0),
        0,
      );
      assert.ok(history.level[i] >= 0 && history.level[i] <= 100, history.dates[i]);
      if (Math.abs(sum - history.level[i]) <= 1) within++;
    }
    assert.ok(within / history.count >= 0.99, `${within} of ${history.count}`);
  });

  it('dli-4 on the real files: monotone on every day, drivers add up; the reading rests on fresh data, newer days are provisional', async () => {
    const regime = (await h.app.inject('/api/regime')).json();
    const model = (await h.app.inject('/api/model')).json();
    assert.equal(regime.modelVersion, model.version);
    const history = (await h.app.inject('/api/history')).json();
    const { robustness } = model.validation;
    assert.ok(robustness.monotonicity.checks > 50_000);
    assert.equal(robustness.monotonicity.violations, 0);
    assert.equal(robustness.drivers.sumMatches, robustness.drivers.days);
    // The end of the files: inputs stop at different dates. The regime describes the last day with fresh data on at
    // least half of the weight (T11), with a status; every later day is provisional, with none.
    assert.ok(regime.coverage.liveWeightShare >= 0.5);
    const k = history.dates.indexOf(regime.date);
    assert.ok(k > 0 && k < history.count - 20, 'a provisional stretch at the end');
    assert.equal(history.status[k], regime.status);
    for (let i = k + 1; i < history.count; i++) {
      assert.equal(history.status[i], null, history.dates[i]);
      assert.equal(history.provisional[i], true, history.dates[i]);
    }
    assert.equal(regime.provisional.date, history.to);
    assert.ok(regime.provisional.liveWeightShare < 0.5);
    assert.doesNotMatch(regime.provisional.summary, /risk-off|risk-on|neutral/);
  });

  it('composition changes move the headline ≤ 5 points in total over any transition (inputs stop at different dates here)', async () => {
    const { robustness } = (await h.app.inject('/api/model')).json().validation;
    assert.ok(robustness.stability.days > 0, 'inputs started during the history');
    assert.equal(robustness.stability.daysOverLimit, 0, `max ${robustness.stability.maxMovePoints}`);
    assert.ok(robustness.stability.maxMovePoints <= 5);
  });

  it('the lens on the real files: readings where the files have data, null where they do not', async () => {
    const lens = (await h.app.inject('/api/lens?lang=zh-CN')).json();
    assert.equal(lens.lang, 'zh');
    assert.equal(lens.structure.rrpBufferState, 'depleted');
    assert.ok(lens.quantity.bufferPct > 10 && lens.quantity.bufferPct < 13);
    // THREEFYTP10 is in the files (to 2026-07-31): the term premium is its last value there, in percent (3 dp).
    const termPremium = rawFile('THREEFYTP10.csv');
    const lastTermPremium = termPremium.get([...termPremium.keys()].at(-1)!)!;
    assert.equal(lens.price.termPremiumPct, Math.round(lastTermPremium * 1000) / 1000);
    assert.match(lens.synthesis.narrative, /2026年/);
    const correlation = (await h.app.inject('/api/correlation')).json();
    assert.equal(correlation.leadLag.spx.netLiquidity.lags.length, 27);
    const spx = correlation.backtest.spx.horizons['20d'];
    assert.ok(spx.byState['risk-on'].count > 10, 'non-overlapping risk-on windows');
    assert.ok(spx.allWindows.byState['risk-on'].count > 15 * spx.byState['risk-on'].count, 'every daily window');
    assert.equal(spx.phases.count, 20);
    // The figures docs/methodology.md quotes for the rolling history (section 5): weeks outside the chance band.
    const history = (await h.app.inject('/api/correlation/history')).json();
    const chance = 1.96 / Math.sqrt(history.windowWeeks);
    const outside = (asset: string, measure: string) => {
      const values = (history.rho[asset][measure] as Array<number | null>).filter((v) => v !== null) as number[];
      const share = (100 * values.filter((v) => Math.abs(v) > chance).length) / values.length;
      return `${share.toFixed(1)} % of ${values.length}`;
    };
    assert.deepEqual(
      ['spx', 'btc', 'gold'].flatMap((a) => [outside(a, 'netLiquidity'), outside(a, 'headline')]),
      ['8.4 % of 510', '18.6 % of 510', '2.1 % of 564', '23.6 % of 564', '5.4 % of 1083', '20.4 % of 1077'],
    );
    assert.deepEqual(
      history.rho.qqq.netLiquidity.filter((v: number | null) => v !== null),
      [],
    );
  });

  it('series missing from the files answer 503, not an empty or invented 200', async () => {
    // No standing-repo operations are in the files (the NY Fed repo results were not found): srf has no data.
    assert.equal((await h.app.inject('/api/series/srf')).statusCode, 503);
    // JPNASSETS is in the files now: the BoJ balance sheet is served, in JPY trillions (100 million yen × 1e-4).
    const boj = rawFile('JPNASSETS.csv');
    const { byDate } = await served('boj-balance-sheet');
    assert.equal(byDate.get('2026-09-01'), boj.get('2026-09-01')! / 10_000);
  });
});

describe('honest about time, on the real files read after they end', {
  skip: !hasRealData() && 'no ../shared/data/real',
}, () => {
  let h: Harness;
  before(async () => {
    h = await createHarness({ data: realReplayData(), now: new Date('2026-11-22T12:00:00Z') });
    await h.refresh();
  });
  after(() => h.close());

  it('the history ends on the last day a scored input brought new data; the regime describes the last day with a reading', async () => {
    // Independently of the model code: each scored input's last date from the raw files (methodology §2.1), plus its
    // publication lag. dli-4's inputs: net liquidity less the backstops (WALCL, TGA, ON RRP, swap lines, Fed repo,
    // Fed lending), reserves / bank assets, EFFR − IORB, SOFR − IORB, CP − T-bill, the backstops, VIX.
    const datesOf = (file: string) => [...rawFile(file).keys()];
    // A spread or ratio has a date only where its second input has a print at most `maxAgeDays` old.
    const endWithin = (file: string, other: string, maxAgeDays: number) => {
      const others = datesOf(other);
      return datesOf(file)
        .filter((date) => others.some((o) => o <= date && o >= addDays(date, -maxAgeDays)))
        .at(-1)!;
    };
    // Net liquidity has a date only while ON RRP is in force: up to 7 days after its last print, then a WALCL, TGA
    // or ON RRP date.
    const rrpEnd = addDays(datesOf('RRPONTSYD.csv').at(-1)!, 7);
    const netLiquidityEnd = ['WALCL.csv', 'WDTGAL.csv', 'RRPONTSYD.csv']
      .flatMap(datesOf)
      .filter((date) => date <= rrpEnd)
      .sort()
      .at(-1)!;
    const lastKnown: Array<[string, number]> = [
      [netLiquidityEnd, 1],
      [endWithin('WRESBAL.csv', 'TLAACBW027SBOG.csv', 10), 9],
      [endWithin('EFFR.csv', 'IORB.csv', 7), 1],
      [endWithin('SOFR.csv', 'IORB.csv', 7), 1],
      [endWithin('RIFSPPFAAD90NB.csv', 'DTB3.csv', 7), 1],
      [datesOf('SWPT.csv').at(-1)!, 1],
      [datesOf('WORAL.csv').at(-1)!, 1],
      [datesOf('WLCFLPCL.csv').at(-1)!, 1],
      [datesOf('VIXCLS.csv').at(-1)!, 1],
    ];
    const latest = lastKnown
      .map(([date, lag]) => addDays(date, lag))
      .sort()
      .at(-1)!;
    const history = (await h.app.inject('/api/history')).json();
    const regime = (await h.app.inject('/api/regime')).json();
    // Stopped inputs keep their last reading, so the history ends on the latest information of any input; the
    // newest days rest on net liquidity alone, so they are provisional and the regime is the last day before them.
    assert.equal(history.to, latest);
    assert.equal(regime.provisional.date, history.to);
    assert.equal(regime.provisional.percentile5y, history.headline.at(-1));
    const k = history.dates.indexOf(regime.date);
    assert.equal(regime.percentile5y, history.headline[k]);
    assert.equal(regime.level, history.level[k]);
    assert.ok(history.provisional.slice(k + 1).every((p: boolean) => p));
    assert.equal(history.provisional[k], false);
    assert.equal(regime.freshness.state, 'stale');
    assert.match(regime.freshness.reason, new RegExp(`describes ${regime.date}`));
  });

  it('one reading everywhere: the API, the snapshot, MCP, the pages, the archive, the feed and the notes state the same date, number, level and status, and the same words for the provisional day', async () => {
    const regime = (await h.app.inject('/api/regime')).json();
    const history = (await h.app.inject('/api/history')).json();
    const snapshot = (await h.app.inject('/api/snapshot')).json();
    assert.deepEqual(snapshot.regime, regime);
    const k = history.dates.indexOf(regime.date);
    assert.deepEqual(
      [history.headline[k], history.level[k], history.status[k]],
      [regime.percentile5y, regime.level, regime.status],
    );
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as AddressInfo).port;
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    try {
      const mcp = (await client.callTool({ name: 'get_regime', arguments: {} })) as unknown as {
        structuredContent: Record<string, unknown>;
      };
      for (const field of ['date', 'percentile5y', 'level', 'status', 'summary', 'provisional'])
        assert.deepEqual(mcp.structuredContent[field], regime[field], `MCP ${field}`);
    } finally {
      await client.close();
    }
    const provisional = regime.provisional;
    const text = async (path: string) =>
      (await h.app.inject({ url: path, headers: { accept: 'text/html' } })).body.replaceAll('&#39;', "'");
    // The pages: the reading's date, headline, level and status; the provisional day's own sentence, word for word.
    const dayMd = await text(`/today/${regime.date}.md`);
    assert.ok(dayMd.includes(`**Headline:** ${regime.percentile5y} / 100`));
    assert.ok(dayMd.includes(`**Status:** ${regime.status}`));
    assert.ok(dayMd.includes(`**Level:** ${regime.level.toFixed(1)} / 100`));
    for (const path of ['/', '/today']) {
      const page = await text(path);
      assert.ok(page.includes(regime.summary), `${path}: the summary`);
      assert.ok(page.includes(provisional.summary), `${path}: the provisional words`);
    }
    const provisionalPage = await text(`/today/${provisional.date}.md`);
    assert.ok(provisionalPage.includes(provisional.summary), 'the provisional day page');
    assert.ok(provisionalPage.includes('**Status:** provisional'));
    assert.doesNotMatch(provisionalPage.slice(0, provisionalPage.indexOf('## ')), /risk-off|risk-on|neutral/);
    const archive = await text(`/archive/${provisional.date.slice(0, 4)}.md`);
    assert.ok(archive.includes(`${provisional.percentile5y}`) && archive.includes(': provisional, headline'));
    const entries = assertAtom((await h.app.inject('/feed.xml')).body);
    const entry = entries.find((e) => e.title.includes(`(provisional)`))!;
    assert.ok(entry, 'the feed names a provisional day as such');
    const readingEntry = entries.find((e) => e.id.endsWith(`/today/${regime.date}`));
    assert.ok(readingEntry?.title.includes(`${regime.percentile5y} of 100 (${regime.status})`));
    // The week's note of the provisional day calls it provisional, never by a status.
    const note = provisionalPage.slice(provisionalPage.indexOf('The week'));
    assert.match(note, /\(provisional, (as a week earlier|from [a-z-]+)\)/);
  });

  it('the dashboard, /today, the archive page, the snapshot and the Markdown show the same reading', async () => {
    const regime = (await h.app.inject('/api/regime')).json();
    const snapshot = (await h.app.inject('/api/snapshot')).json();
    assert.deepEqual(snapshot.regime, regime);
    const reading = `${regime.percentile5y} / 100`;
    for (const path of ['/', '/index.md', '/today', '/today.md', `/today/${regime.date}`, `/today/${regime.date}.md`]) {
      const body = (await h.app.inject({ url: path, headers: { accept: 'text/html' } })).body;
      assert.ok(body.includes(reading), `${path} shows ${reading}`);
    }
  });

  it("for every date of the history, its archive page shows the history's headline, level and status", async () => {
    const history = (await h.app.inject('/api/history')).json();
    for (let i = 0; i < history.count; i++) {
      const date = history.dates[i];
      const page = (await h.app.inject(`/today/${date}.md`)).body;
      assert.ok(page.includes(`**Headline:** ${history.headline[i]} / 100`), date);
      assert.ok(page.includes(`**Level:** ${history.level[i].toFixed(1)} / 100`), date);
      assert.ok(page.includes(`**Status:** ${history.status[i] ?? 'provisional'}`), date);
    }
    // No page for a day after the last reading.
    assert.equal(
      (await h.app.inject({ url: `/today/${addDays(history.to, 3)}`, headers: { accept: 'text/html' } })).statusCode,
      404,
    );
  });

  it('the first screen leads with the reading, then says the newer days are provisional; stopped inputs are not movers', async () => {
    const regime = (await h.app.inject('/api/regime')).json();
    const html = (await h.app.inject({ url: '/', headers: { accept: 'text/html' } })).body.replaceAll('&#39;', "'");
    const lead = html.match(/<p class="lead([^"]*)">(.*?)<\/p>/s);
    assert.ok(lead, 'a lead paragraph');
    // The reading first: /api/regime's own sentence, up to the Fed's terms (which follow the freshness line).
    assert.ok(regime.summary.startsWith(lead[2]!.replace(/\.$/, '')), 'the reading first, in the API’s words');
    // Then one line on freshness and coverage: the newer days are provisional, and the API's words behind it.
    const notice = html.slice(
      html.indexOf('<div class="notice'),
      html.indexOf('</details>', html.indexOf('<div class="notice')),
    );
    assert.ok(html.indexOf('<div class="notice') > html.indexOf('<p class="lead'), 'after the reading, not before');
    assert.match(notice, new RegExp(`Days after ${formatDate(regime.date)} are provisional`));
    assert.ok(notice.includes(regime.provisional.summary), 'the provisional days, in the API’s words');
    // The reading is months old here (the files end in 2026): the warning colour, not a verdict's.
    assert.equal(lead[1], ' tone-warn');
    assert.doesNotMatch(
      html.slice(html.indexOf('<main'), html.indexOf('<p class="lead')),
      /tone-(bad|good)/,
      'no verdict colour above it',
    );
    // "What moved it this week" lists no input that has had no data for months.
    const movers = html.slice(html.indexOf('id="drivers"'), html.indexOf('</ul>', html.indexOf('id="drivers"')));
    for (const name of ['Reserves to bank assets', 'Commercial paper minus T-bill spread'])
      assert.ok(!movers.includes(name), `${name} is not listed as a mover`);
    // The sub-index charts of the whole history are on the dashboard and drawn from the real history.
    for (const group of ['policy', 'funding', 'backstops', 'risk'])
      assert.equal((await h.app.inject(`/charts/subindex-${group}.svg`)).statusCode, 200, group);
  });

  it('every page says how old the data is and why (the dashboard in its freshness line, the others in the banner); health says degraded', async () => {
    const regime = (await h.app.inject('/api/regime')).json();
    // The dashboard says it in its freshness line, after the reading (issue 43); every other page in the banner.
    const dashboard = (await h.app.inject({ url: '/', headers: { accept: 'text/html' } })).body;
    assert.match(dashboard, /class="notice tone-warn"[^>]*><p>Data to \w{3} \d+, \d{4}, \d+ months old\./);
    assert.match(dashboard, /The providers have published nothing newer for the model’s inputs\./);
    for (const path of ['/today', '/methodology', '/indicators/vix']) {
      const html = (await h.app.inject({ url: path, headers: { accept: 'text/html' } })).body;
      // How old, in words, and why: the providers have not published (the refresh itself works).
      assert.match(
        html,
        /class="banner tone-warn"[^>]*><strong>Data to \w{3} \d+, \d{4}, \d+ months old\.<\/strong>/,
        path,
      );
      assert.match(html, /The providers have published nothing newer for the model&#39;s inputs\./, path);
    }
    const health = (await h.app.inject('/api/health')).json();
    assert.equal(health.status, 'degraded');
    assert.equal(health.reading.state, 'stale');
    assert.equal(health.reading.date, regime.date);
    const vix = (await h.app.inject('/api/series/vix')).json();
    assert.equal(vix.meta.freshness.state, 'late');
    assert.equal(vix.meta.freshness.ageDays, 171); // 2026-06-04 → 2026-11-22
  });
});
