import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeLens, LENS_INPUTS } from '../../../src/analytics/lens/lens.ts';
import { narrative } from '../../../src/analytics/lens/narrative/narrative.ts';
import { addDays } from '../../../src/timeseries/dates.ts';
import { LOCALES } from '../../../src/timeseries/locales.ts';
import type { Observation } from '../../../src/timeseries/observation.ts';

/** Daily points ending 2026-06-30, value(d) = f(days before the end). */
function daily(days: number, f: (ago: number) => number): Observation[] {
  return Array.from({ length: days }, (_, i) => {
    const ago = days - 1 - i;
    return { date: addDays('2026-06-30', -ago), value: f(ago) };
  });
}

describe('the lens on hand-built inputs', () => {
  const series = new Map<string, Observation[]>([
    // Net liquidity flat for 5 years, then up 200 bn in the last 28 days: top of its distribution.
    [
      'net-liquidity',
      daily(2000, (ago) => 5000 + (ago < 28 ? (28 - ago) * (200 / 28) : ago > 40 ? Math.sin(ago) * 10 : 0)),
    ],
    ['reserve-buffer', daily(30, () => 9.5)],
    ['srf', daily(90, (ago) => (ago % 10 === 0 ? 3 : 0))],
    ['sofr-iorb', daily(30, () => -8)],
    ['treasury-2y', daily(30, () => 3.5)],
    ['effr', daily(30, () => 3.9)],
    ['treasury-10y', daily(30, () => 4.2)],
    ['real-yield-10y', daily(120, (ago) => 2 - ago * 0.005)],
    ['tga', daily(60, (ago) => 800 + ago * 3)],
    ['onrrp', daily(30, () => 20)],
    ['hy-spread', daily(60, () => 320)],
    ['ig-spread', daily(60, () => 90)],
    ['cp-tbill-spread', daily(60, (ago) => 100 - ago)],
  ]);
  const lens = computeLens(series);

  it('quantity: flow over 28 days, dial, stance, buffer, SRF share and the realized rule', () => {
    assert.equal(lens.quantity.flow, 200);
    assert.ok(lens.quantity.dial! >= 99);
    assert.equal(lens.quantity.stance, 'expanding');
    assert.equal(lens.quantity.bufferPct, 9.5);
    assert.equal(lens.quantity.bufferState, 'scarce');
    assert.equal(lens.quantity.srfNonZeroShare90d, 0.1);
    assert.equal(lens.quantity.realized, true, 'SOFR − IORB at −8 bps ≤ −5 confirms expanding');
  });

  it('price: path pricing, real-yield trend, curve; the missing term premium stays null', () => {
    assert.equal(lens.price.pathSpreadBps, -40);
    assert.equal(lens.price.pathPricing, 'cuts');
    assert.equal(lens.price.realYieldTrendPp, 0.46);
    assert.equal(lens.price.realYieldTrend, 'rising');
    assert.equal(lens.price.curveContextBps, 70);
    assert.equal(lens.price.termPremiumPct, null);
    assert.equal(lens.price.termPremiumLevel, null);
  });

  it('structure: fiscal pulse, ON RRP buffer, tiering states and directions, funding override', () => {
    assert.equal(lens.structure.tgaFlow, -84);
    assert.equal(lens.structure.fiscalPulse, 'adding');
    assert.equal(lens.structure.rrpBufferState, 'depleted');
    assert.deepEqual(lens.structure.hyIgTiering, {
      spreadBps: 230,
      state: 'calm',
      trendBps: 0,
      direction: 'stable',
      dataAsOf: '2026-06-30',
    });
    assert.deepEqual(lens.structure.cpTbillTiering, {
      spreadBps: 100,
      state: 'stressed',
      trendBps: 28,
      direction: 'widening',
      dataAsOf: '2026-06-30',
    });
    assert.equal(lens.structure.fundingOverride, 0.12, 'SRF 3 bn / 25 bn; SOFR below IORB adds nothing');
    assert.equal(lens.structure.dominantFundingLeg, null, 'below the 0.2 stress line');
    assert.deepEqual(lens.structure.billsShareContext, { levelPct: null, direction6m: null });
    assert.equal(lens.structure.bankCashTiering.state, null);
    assert.equal(lens.structure.bankCashTiering.dataAsOf, null);
  });

  it("a tiering whose input stopped carries its own date, older than its axis'", () => {
    const stopped = new Map(series);
    stopped.set(
      'cp-tbill-spread',
      series.get('cp-tbill-spread')!.map((o) => ({ ...o, date: addDays(o.date, -251) })),
    );
    const structure = computeLens(stopped).structure;
    assert.equal(structure.cpTbillTiering.dataAsOf, '2025-10-22');
    assert.equal(structure.cpTbillTiering.state, 'stressed', 'still read, and dated');
    assert.equal(structure.dataAsOf, '2026-06-30');
  });

  it('synthesis: posture from buffers and path, pulse from flows', () => {
    // posture: scarce −1, depleted −1, cuts +1 → −1 restrictive; pulse: expanding +1, adding +1, rising −1, override 0 → +1 easing.
    assert.deepEqual(lens.synthesis.cell, { posture: 'restrictive', pulse: 'easing' });
  });

  it('the narrative has 2–4 sentences with the numbers and the date in every locale', () => {
    for (const locale of LOCALES) {
      const text = narrative(lens, locale, '2026-06-30');
      // A sentence ends with 。 or with a full stop followed by a space or the end (not 2.00 or 9,5).
      // German abbreviations (Mrd., Bp., Pp.) and ordinals (30. Juni, 100. Perzentil) are not sentence ends.
      const plain = text.replace(/\b(Mrd|Bp|Pp)\./g, '$1').replace(/(\d)\./g, '$1');
      const sentences = (plain.match(/。|\.(?=\s|$)/g) ?? []).length;
      assert.ok(sentences >= 2 && sentences <= 4, `${locale}: ${sentences} sentences: ${text}`);
      assert.match(text, /2026/, locale);
      assert.match(text, /9[.,]5/, `${locale} names the buffer`);
    }
    assert.match(narrative(lens, 'en', '2026-06-30'), /rose by \$200 billion in the four weeks to June 30, 2026/);
    assert.match(narrative(lens, 'zh', '2026-06-30'), /增加2,000亿美元/);
    assert.match(narrative(lens, 'de', '2026-06-30'), /30\. Juni 2026/);
  });

  it('every field is null, never a neutral stand-in, when there is no data', () => {
    const empty = computeLens(new Map());
    assert.equal(empty.quantity.stance, null);
    assert.equal(empty.price.pathPricing, null);
    assert.equal(empty.structure.fiscalPulse, null);
    assert.deepEqual(empty.synthesis.cell, { posture: null, pulse: null });
    assert.equal(empty.dataAsOf, null);
  });
});

describe('the lens inputs named in provenance', () => {
  it('are exactly the series computeLens reads', () => {
    const read = new Set<string>();
    const recording = new Map<string, Observation[]>();
    recording.get = (id: string) => {
      read.add(id);
      return undefined;
    };
    computeLens(recording);
    assert.deepEqual([...read].sort(), [...LENS_INPUTS].sort());
  });
});
