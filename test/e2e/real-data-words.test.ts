import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { formatDate } from '../../src/site/site-data.ts';
import { INDICATOR_FREQUENCIES } from '../../src/timeseries/catalog.ts';
import { licenseOf } from '../../src/timeseries/licenses.ts';
import { CATALOG } from '../../src/timeseries/series.ts';
import { createHarness, type Harness } from '../support/harness.ts';
import { textOf as pageText } from '../support/page-text.ts';
import { hasRealData, REAL_DATA_DIR, realReplayData } from '../support/replay-data.ts';

/**
 * What a reader found on the real files (2026-11-28) where the service said one thing and its own figures another,
 * each checked against the figures it contradicted: the confidence's counts, the funding sentence beside the
 * spreads it quotes, "pushed toward looser" beside a move under the drivers' threshold, the lens' dates, a stale
 * asset's correlation dated after its last price, the licence of the market prices, a 503 that blamed a first
 * refresh for a provider that sends nothing, and links that led nowhere.
 */
const NOW = new Date('2026-11-28T12:00:00Z');
const textOf = (html: string) => pageText(html).replace(/\s+/g, ' ');

describe('the words agree with the figures (real files)', { skip: !hasRealData() && 'no ../shared/data/real' }, () => {
  let h: Harness;
  const page = async (path: string) => {
    const response = await h.app.inject(path);
    assert.equal(response.statusCode, 200, path);
    return textOf(response.body);
  };
  const json = async (path: string) => (await h.app.inject(path)).json();
  before(async () => {
    h = await createHarness({ data: realReplayData(), now: NOW });
    await h.refresh();
  });
  after(() => h.close());

  it("the confidence's counts are the rule's: the inputs and groups of the weighted mean", async () => {
    const [regime, model, dashboard] = [await json('/api/regime'), await json('/api/model'), await page('/')];
    const basis =
      /(\d+) of the (\d+) inputs of the mean report(?: \((\d+) on stale data\))?, in (\d+) of (\d+) groups/.exec(
        dashboard,
      );
    assert.ok(basis, 'the dashboard says what the confidence is read from');
    const [reporting, inputs, stale, groups, allGroups] = basis.slice(1).map((n) => Number(n ?? 0));
    const mean = (model.groups as Array<{ role: string; indicators: Array<{ id: string }> }>).filter(
      (g) => g.role !== 'floor',
    );
    assert.equal(inputs, mean.flatMap((g) => g.indicators).length);
    assert.equal(allGroups, mean.length);
    assert.equal(reporting, mean.flatMap((g) => g.indicators).filter((i) => regime.coverage.fed.includes(i.id)).length);
    // The published rule (methodology §2.8) read from the counts shown must give the confidence shown.
    const low = reporting / inputs! < 0.5 || groups! < 2 || stale! > reporting! / 2;
    assert.equal(regime.confidence === 'low', low, `${basis[0]} → ${regime.confidence}`);
    // The coverage's own count of groups: the backstops, all missing here, do not report.
    const backstops = model.groups
      .find((g: { role: string }) => g.role === 'floor')
      .indicators.map((i: { id: string }) => i.id);
    assert.ok(backstops.every((id: string) => regime.coverage.missing.includes(id)));
    assert.equal(regime.coverage.groups, regime.coverage.totalGroups - 1);
  });

  it('the summary says "no new draw" of the backstops\' last data, to its date, when none is recent enough to read', async () => {
    const regime = await json('/api/regime');
    // The backstops' files (swap lines, Fed repo, primary credit: fed-lending's lead term); the standing repo has none.
    const newest = ['SWPT', 'WORAL', 'WLCFLPCL']
      .map((file) => readFileSync(`${REAL_DATA_DIR}${file}.csv`, 'utf8').trim().split('\n').at(-1)!.split(',')[0]!)
      .sort()
      .at(-1)!;
    assert.equal(regime.fedTerms.backstops.dataTo, newest);
    assert.ok((Date.parse(regime.date) - Date.parse(newest)) / 86_400_000 > 45, 'older than the model reads');
    assert.ok(regime.summary.includes(`no new draw on a Fed facility in their last data, to ${formatDate(newest)}`));
    assert.ok(
      (await page('/')).includes(`in their last data, to ${formatDate(newest)}`),
      'the dashboard says the same',
    );
  });

  it('the funding sentence does not place rates above the floor when the spreads it quotes are below it', async () => {
    const { fedTerms } = await json('/api/regime');
    assert.ok(fedTerms.sofrIorbBps.value < 0 && fedTerms.effrIorbBps.value < 0, 'the real files end with both below');
    assert.doesNotMatch(await page('/'), /at or above the Fed's floor/);
  });

  it('a move is "pushed" only past the drivers\' threshold, on the day page and in its note', async () => {
    const { dates } = await json('/api/history');
    let moves = 0;
    for (const date of dates.slice(-60)) {
      const text = await page(`/today/${date}`);
      for (const m of text.matchAll(
        /(pushed toward (?:looser|tighter)|barely moved it): its share of the aggregate changed by ([−+-]?[\d.]+) points/g,
      )) {
        const points = Math.abs(Number(m[2]!.replace('−', '-')));
        assert.equal(m[1]!.startsWith('pushed'), points >= 0.5, `${date}: ${m[0]}`);
        moves++;
      }
      for (const m of text.matchAll(/barely \(([−+-]?[\d.]+) points\)/g)) {
        assert.ok(Math.abs(Number(m[1]!.replace('−', '-'))) < 0.5, `${date}: ${m[0]}`);
      }
    }
    assert.ok(moves > 20, `${moves} moves read`);
  });

  it("each lens reading is dated by its own data, not the lens' newest date", async () => {
    const health = await json('/api/health');
    const latest = (id: string) => health.sources.find((s: { seriesId: string }) => s.seriesId === id).latestDate;
    const lens = await page('/lens');
    const rowDate = (label: string) => new RegExp(`${label} [^A-Z]*?\\) (\\w{3} \\d{1,2}, \\d{4})`).exec(lens)?.[1];
    assert.equal(rowDate('2-year yield minus effective fed funds'), formatDate(latest('treasury-2y')));
    assert.equal(rowDate('10-year term premium'), formatDate(latest('term-premium-10y')));
    assert.notEqual(
      latest('treasury-2y'),
      (await json('/api/lens')).dataAsOf,
      'the lens is newer than the 2-year yield',
    );
  });

  it("a stale asset's correlation is dated by its last price, with the chance band of its own weeks", async () => {
    const correlation = await json('/api/correlation');
    const gold = correlation.correlations.gold.netLiquidity['52w'];
    const lastPrice = (await json('/api/health')).sources.find((s: { seriesId: string }) => s.seriesId === 'gold');
    assert.ok(
      gold.asOf <= lastPrice.latestDate,
      `gold's correlation to ${gold.asOf}, its prices to ${lastPrice.latestDate}`,
    );
    const history = await json('/api/correlation/history');
    const goldRho: Array<number | null> = history.rho.gold.netLiquidity;
    const lastGold = history.dates[goldRho.findLastIndex((rho) => rho !== null)];
    assert.ok(
      lastGold <= lastPrice.latestDate,
      `the weekly history's gold ends ${lastGold}, its prices ${lastPrice.latestDate}`,
    );
    const markets = await page('/markets');
    for (const m of markets.matchAll(
      /over the (\d+) weeks to [^,]+, \w+ the chance band of (\d+) weeks \(±([\d.]+)\)/g,
    )) {
      assert.equal(m[1], m[2]);
      assert.equal(Number(m[3]), Math.round((100 * 1.96) / Math.sqrt(Number(m[1]))) / 100, m[0]);
    }
  });

  it('the market prices are said to be served or withheld as their terms say', async () => {
    const about = await page('/about');
    for (const def of CATALOG.filter((d) => d.group === 'asset')) {
      const served = licenseOf(def).redistribution === 'full';
      assert.equal((await h.app.inject(`/api/data/${def.id}.csv`)).statusCode === 451, !served, def.id);
      assert.ok(about.includes(def.name), `/about names ${def.name}`);
    }
    assert.doesNotMatch(about, /None is republished/);
    const scope = (await json('/api')).license.scope as string;
    for (const def of CATALOG.filter((d) => d.terms === 'restricted')) assert.ok(scope.includes(def.name), def.name);
  });

  it("the version notes' figure of dli-3's held status is the one its history gives", async () => {
    const notes = JSON.stringify((await json('/api/model')).versions);
    const said = Number(/even on the (\d+) days its headline read 98–100/.exec(notes)?.[1]);
    const old = await json('/api/history?model=dli-3&start=2004-12-01&end=2007-12-31');
    const held = old.dates.filter(
      (_: string, i: number) => old.headline[i] >= 98 && old.status[i] === 'neutral',
    ).length;
    assert.equal(said, held);
  });

  it('a series whose provider sends nothing says so, not that a first refresh may be running', async () => {
    const response = await h.app.inject('/api/series/srf');
    assert.equal(response.statusCode, 503);
    assert.match(response.json().error.message, /its last refresh failed \(the provider sent no data\)/);
    assert.doesNotMatch(response.json().error.hint, /first refresh/);
    assert.match(
      await page('/indicators/srf'),
      /its last refresh failed \(the provider sent no data\)/,
      'its page says the same',
    );
  });

  it("the indicators' weights are said as dli-4 carries them", async () => {
    assert.match(
      await page('/indicators/fed-swap-lines'),
      /is not part of the weighted mean: its highest reading puts a floor under the level/,
    );
    const { coverage, drivers } = await json('/api/regime');
    const held = drivers.find((d: { indicatorId: string }) => coverage.missing.includes(d.indicatorId));
    assert.ok(held, 'an input without current data is among the drivers');
    assert.match(
      await page(`/indicators/${held.indicatorId}`),
      /at its last reading: it has no current data, so it is held/,
    );
    for (const id of ['vix', 'sofr-iorb', 'cp-tbill-spread']) {
      assert.doesNotMatch(
        await page(`/indicators/${id}`),
        /weights shift when its group has fewer inputs|carries no weight/,
      );
    }
  });

  it('a card calls an unchanged last print unchanged, and an embedded chart keeps its whole title', async () => {
    const { indicators } = await json('/api/snapshot');
    const still = indicators.find(
      (i: { change: number | null; latestDate: string }) => i.change === 0 && i.latestDate < '2026-09-01',
    );
    assert.ok(still, 'a series whose last print repeated the one before, months ago (the swap lines)');
    const dashboard = await page('/');
    assert.match(
      dashboard,
      new RegExp(`${still.name} .{0,200}■ unchanged at the last print, ${formatDate(still.latestDate)}`),
    );
    const html = (await h.app.inject('/')).body;
    const title = /embed\/headline-regimes&quot; title=&quot;([^&]*)&quot;/.exec(html)?.[1];
    assert.match(title ?? '', /^Daily headline \w{3} \d+, \d{4} – \w{3} \d+, \d{4}$/, `the iframe's title: ${title}`);
  });

  it('the links and counts lead where they say', async () => {
    assert.match((await h.app.inject('/archive')).body, /id="data"/, '/archive#data');
    const embed = await h.app.inject('/embed/tga');
    assert.equal(embed.statusCode, 200, '/embed/{id} without a window shows the page’s chart');
    assert.match(embed.body, /\/charts\/tga\.svg/);
    const frequencies = new Set(CATALOG.map((d) => d.frequency));
    assert.ok(frequencies.size > 1 && INDICATOR_FREQUENCIES.includes(' to '));
    for (const text of [(await json('/api')).description, (await h.app.inject('/llms.txt')).body]) {
      assert.doesNotMatch(text, /\d+ daily series/);
      assert.match(text, new RegExp(`\\d+ series \\(${INDICATOR_FREQUENCIES}\\)`));
    }
    assert.match((await json('/api/model')).thresholds.drivers, /of the level/);
  });
  it('the quantity sentence ranks the flow against five years over its own window, as the sub-index does', async () => {
    // "Net liquidity is growing" sat beside "fell by $166 billion in the four weeks to August 5": a different window
    // and a sign the 5-year rank does not give (a flow that ranks loose may be negative in years of tightening).
    const [regime, model, dashboard] = [await json('/api/regime'), await json('/api/model'), await page('/')];
    const flow = model.groups
      .flatMap((g: { indicators: Array<{ id: string; transform: string }> }) => g.indicators)
      .find((i: { id: string }) => i.id === 'core-net-liquidity');
    const span = /^change over (\d+ days)/.exec(flow.transform)![1];
    const line = new RegExp(
      `net liquidity grew (more|less) \\(or fell (less|more)\\) over ${span} than on most days of the last five years`,
      'i',
    ).exec(dashboard);
    assert.ok(line, `the dashboard names the flow's window (${span}) and the five years it is ranked against`);
    assert.equal(line[1], regime.subIndices.policy <= 35 ? 'more' : 'less');
    assert.doesNotMatch(dashboard, /Net liquidity is (growing|draining)/);
    assert.match(dashboard, /groups \(the backstops are a floor under the level, not in the mean\)/);
  });
});
