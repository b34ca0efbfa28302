import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
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

  // dli-3's targets (docs/dli-3-protocol.md) on the published history. They replace dli-2's NFCI bar, which the
  // dli-3 issue withdrew (since 2023 every reserve and money-market measure reads tighter while NFCI reads looser;
  // choosing by NFCI pulled dli-2 toward VIX). Each target is held here; the ones dli-3 misses are `todo` with
  // the figure measured, never loosened: the protocol chose dli-3 on 2005–2018, not for these figures.
  const target = async (id: string) => {
    const { targets } = (await h.app.inject('/api/model')).json().validation;
    return targets.find((t: { id: string }) => t.id === id) as { figure: string; pass: boolean | null };
  };
  it('T1: ≥ 80 near ≥ 6 of 7 funding-stress events', {
    todo: 'dli-3 reaches 80 near 5 of 7 (Lehman peaks at 66: the floor-system inputs start on 2008-10-09 and net liquidity was surging; 2011-11-30 at 25: only the swap lines saw it)',
  }, async () => {
    const t = await target('T1');
    assert.equal(t.pass, true, t.figure);
  });
  for (const id of ['T2', 'T3', 'T4', 'T5', 'T6', 'T7']) {
    it(`${id} holds on the real files`, async () => {
      const t = await target(id);
      assert.equal(t.pass, true, t.figure);
    });
  }
  it('T8: Spearman ≥ 0.45 with NFCI and with STLFSI4 over 2008–2015', {
    todo: 'dli-3 scores 0.33 with NFCI and 0.42 with STLFSI4 over 2008–2015 (dli-2: 0.44 / 0.55)',
  }, async () => {
    const t = await target('T8');
    assert.equal(t.pass, true, t.figure);
  });

  it('dli-3 on the real files: monotone on every day, drivers add up, persistence and coverage as published', async () => {
    const regime = (await h.app.inject('/api/regime')).json();
    assert.equal(regime.modelVersion, 'dli-3');
    const history = (await h.app.inject('/api/history')).json();
    // March 2020: the dash for cash reads tight.
    const i = history.dates.indexOf('2020-03-20');
    assert.ok(history.headline[i] >= 80, `2020-03-20 headline ${history.headline[i]}`);
    const { robustness } = (await h.app.inject('/api/model')).json().validation;
    assert.ok(robustness.monotonicity.checks > 50_000);
    assert.equal(robustness.monotonicity.violations, 0);
    assert.equal(robustness.drivers.sumMatches, robustness.drivers.days);
    // The end of the files: inputs stop at different dates and under half of the weight is live. Stopped inputs
    // keep their last reading (named missing), the status holds what it was when coverage thinned (no status made
    // by missing data), confidence is low and the reason names what is missing.
    assert.ok(regime.coverage.liveWeightShare < 0.5);
    assert.equal(regime.confidence, 'low');
    assert.match(regime.freshness.reason, /nominal weight had live data.*missing .*reserve-ratio/);
    let k = history.count - 1;
    while (k > 0 && history.confidence[k - 1] === 'low') k--;
    assert.ok(k < history.count - 20, 'a thin stretch at the end');
    for (let i = k; i < history.count; i++) assert.equal(history.status[i], history.status[k - 1], history.dates[i]);
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
      ['8.4 % of 513', '11.7 % of 513', '2.1 % of 567', '7.4 % of 567', '5.4 % of 1093', '6.4 % of 1087'],
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

  it('the history ends on the last day a scored input brought new data, and the regime describes that day', async () => {
    // Independently of the model code: each scored input's last date in the raw files, plus its publication lag.
    // dli-3's inputs: net liquidity (WALCL, TGA, ON RRP), reserves / bank assets, EFFR − IORB, SOFR − IORB,
    // CP − T-bill, swap lines, Fed repo, VIX.
    const lastKnown: Array<[string, number]> = [
      ['WALCL.csv', 1],
      ['WDTGAL.csv', 1],
      ['RRPONTSYD.csv', 0],
      ['WRESBAL.csv', 9],
      ['EFFR.csv', 1],
      ['SOFR.csv', 1],
      ['RIFSPPFAAD90NB.csv', 1],
      ['SWPT.csv', 1],
      ['WORAL.csv', 1],
      ['VIXCLS.csv', 1],
    ];
    const latest = lastKnown
      .map(([file, lag]) => addDays([...rawFile(file).keys()].at(-1)!, lag))
      .sort()
      .at(-1)!;
    const history = (await h.app.inject('/api/history')).json();
    const regime = (await h.app.inject('/api/regime')).json();
    // Stopped inputs keep their last reading, so the history ends on the latest information of any input.
    const expected = latest;
    assert.equal(history.to, expected);
    assert.equal(regime.date, history.to);
    assert.equal(regime.percentile5y, history.headline.at(-1));
    assert.equal(regime.freshness.state, 'stale');
    assert.match(regime.freshness.reason, new RegExp(`describes ${expected}`));
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

  it("for every date of the history, its archive page shows the history's headline and status", async () => {
    const history = (await h.app.inject('/api/history')).json();
    for (let i = 0; i < history.count; i++) {
      const date = history.dates[i];
      const page = (await h.app.inject(`/today/${date}.md`)).body;
      assert.ok(page.includes(`**Headline:** ${history.headline[i]} / 100`), date);
      assert.ok(page.includes(`**Status:** ${history.status[i]}`), date);
    }
    // No page for a day after the last reading.
    assert.equal(
      (await h.app.inject({ url: `/today/${addDays(history.to, 3)}`, headers: { accept: 'text/html' } })).statusCode,
      404,
    );
  });

  it('the first screen says the reading rests on under half of the weight, names what is missing, and is not red', async () => {
    const html = (await h.app.inject({ url: '/', headers: { accept: 'text/html' } })).body;
    const lead = html.match(/<p class="lead([^"]*)">(.*?)<\/p>/s);
    assert.ok(lead, 'a lead paragraph');
    assert.match(lead[2]!, /nominal weight had live data .*missing .*reserve-ratio/);
    assert.equal(lead[1], ' tone-warn');
    // "What moved it this week" lists no input that has had no data for months.
    const movers = html.slice(html.indexOf('id="drivers"'), html.indexOf('</ul>', html.indexOf('id="drivers"')));
    for (const name of ['VIX', 'Reserves to bank assets', 'Commercial paper minus T-bill spread'])
      assert.ok(!movers.includes(name), `${name} is not listed as a mover`);
    // The sub-index charts of the whole history are on the dashboard and drawn from the real history.
    for (const group of ['policy', 'funding', 'backstops', 'risk'])
      assert.equal((await h.app.inject(`/charts/subindex-${group}.svg`)).statusCode, 200, group);
  });

  it('every page shows the stale banner, with how old and why; health says degraded', async () => {
    const regime = (await h.app.inject('/api/regime')).json();
    for (const path of ['/', '/today', '/methodology', '/indicators/vix']) {
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
