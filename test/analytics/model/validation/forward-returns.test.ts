import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ModelRun } from '../../../../src/analytics/model/liquidity-model.ts';
import { businessDays, pointInTime } from '../../../../src/analytics/model/point-in-time.ts';
import { forwardReturns } from '../../../../src/analytics/model/validation/forward-returns.ts';
import { fromDayNumber } from '../../../../src/timeseries/dates.ts';

/**
 * 400 business days alternating 40-day blocks of risk-off (90) and risk-on (10); the price gains 0.1 % a day
 * in risk-on blocks and loses 0.1 % in risk-off blocks, so risk-on windows that start in a risk-on block lead.
 */
function scenario() {
  const grid = businessDays('2020-01-01', '2021-07-31').slice(0, 400);
  const state = (g: number) => (Math.floor(g / 40) % 2 === 0 ? 90 : 10);
  const headline = Float64Array.from(grid, (_, g) => state(g));
  let price = 100;
  const prices = Array.from(grid, (_, g) => {
    price *= state(g) === 10 ? 1.001 : 0.999;
    return price;
  });
  const series = pointInTime(
    {
      dates: Array.from(grid, fromDayNumber),
      firstValues: prices,
      firstSeen: prices.map(() => '2030-01-01T00:00:00Z'),
      revisions: new Map(),
    },
    0,
  );
  return { run: { grid, headline } as unknown as ModelRun, series };
}

describe('forward returns by regime state', () => {
  it('every window, every phase and the non-overlapping sample', () => {
    const { run, series } = scenario();
    const f = forwardReturns(run, 'spx', series, 20);
    const all = f.allWindows;
    assert.equal(all.byState['risk-on'].count + all.byState['risk-off'].count, 400 - 20);
    assert.ok(all.riskOnMinusRiskOffPct! > 0);
    assert.equal(all.neweyWest.lag, 19);
    assert.ok(all.neweyWest.se! > 0 && all.neweyWest.t! > 0);
    assert.equal(f.phases.count, 20, 'one spread per starting offset');
    assert.equal(f.phases.positive + f.phases.negative, 20);
    // The non-overlapping sample: one window every 20 days from the first day: 19 windows.
    assert.equal(f.byState['risk-on'].count + f.byState['risk-off'].count, 19);
    assert.match(f.sampling, /every 20 business days, from 0 days/);
    assert.equal(f.from, fromDayNumber(run.grid[0]!));
  });

  it('no price data: counts of zero and nulls, never NaN', () => {
    const { run } = scenario();
    const f = forwardReturns(run, 'gold', undefined, 60);
    assert.equal(f.allWindows.riskOnMinusRiskOffPct, null);
    assert.equal(f.phases.count, 0);
    assert.equal(f.from, null);
    assert.equal(JSON.stringify(f).includes('NaN'), false);
  });
});
