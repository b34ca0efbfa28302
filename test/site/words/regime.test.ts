import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { regimeSpells } from '../../../src/site/charts/specs.ts';
import { regimeInWords } from '../../../src/site/words/regime.ts';

describe('the regime for readers', () => {
  it("one sentence per group, in a trader's words; a group without data says so", () => {
    assert.deepEqual(regimeInWords({ policy: 72, funding: 81, backstops: 0, risk: 20, credit: null }), [
      'Reserves are getting scarce and net liquidity grew less (or fell more) over its window than on most days of the last five years.',
      "Overnight funding costs more against the Fed's floor than on most days of the last five years: cash is dear.",
      "No new draw on the Fed's backstops.",
      'Equity volatility is low (a confirming input).',
    ]);
    assert.deepEqual(regimeInWords({ policy: null, funding: 50, backstops: 45, risk: null, credit: null }), [
      'Reserves and net liquidity: no current data.',
      "Overnight funding trades near its usual place against the Fed's floor.",
      "A fresh draw on the Fed's backstops: banks, dealers or foreign central banks are borrowing dollars from the Fed.",
    ]);
  });

  it('a group read without some of its inputs says which', () => {
    const lines = regimeInWords(
      { policy: 30, funding: 50, backstops: null, risk: null, credit: null },
      {
        policy: [{ id: 'reserve-ratio', name: 'Reserves to bank assets' }],
        funding: [{ id: 'cp-tbill-spread', name: 'CP minus T-bill' }],
      },
    );
    assert.equal(
      lines[0],
      'Net liquidity grew more (or fell less) over its window than on most days of the last five years (reserves / bank assets: no current data).',
    );
    assert.equal(
      lines[1],
      "Overnight funding trades near its usual place against the Fed's floor (read without CP minus T-bill: no current data).",
    );
    assert.equal(lines[2], "The Fed's backstops: no current data.");
    // A group with no current data at all speaks of its last readings, in the past.
    const held = regimeInWords(
      { policy: 40, funding: 81, backstops: 0, risk: 20, credit: null },
      {},
      new Set(['funding', 'risk'] as const),
    );
    assert.equal(
      held[1],
      "No current data; the last readings said: overnight funding costs more against the Fed's floor than on most days of the last five years: cash is dear.",
    );
    assert.equal(held[3], 'No current data; the last readings said: equity volatility is low (a confirming input).');
  });

  it('regime spells: the risk-off and risk-on runs of the history, as date ranges', () => {
    const history = {
      dates: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'],
      status: ['neutral', 'risk-off', 'risk-off', 'neutral', 'risk-on', 'risk-off'],
    };
    assert.deepEqual(regimeSpells(history), [
      { from: 'd2', to: 'd3', status: 'risk-off' },
      { from: 'd5', to: 'd5', status: 'risk-on' },
      { from: 'd6', to: 'd6', status: 'risk-off' },
    ]);
  });
});
