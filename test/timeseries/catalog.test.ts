import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DERIVED,
  FETCHED,
  formulaInputs,
  isIndicatorId,
  nextExpectedRelease,
  plausibleRange,
  providerName,
  publicationLagDays,
  seriesDef,
  staleAfterDays,
} from '../../src/timeseries/catalog.ts';
import { addDays } from '../../src/timeseries/dates.ts';
import { licenseOf } from '../../src/timeseries/licenses.ts';
import { CATALOG, INDICATOR_IDS } from '../../src/timeseries/series.ts';

describe('the catalog', () => {
  it('holds the 25 contract ids, each defined once', () => {
    assert.equal(INDICATOR_IDS.length, 25);
    assert.equal(new Set(CATALOG.map((d) => d.id)).size, CATALOG.length);
    for (const id of INDICATOR_IDS) assert.ok(seriesDef(id), id);
    assert.ok(isIndicatorId('tga'));
    assert.ok(!isIndicatorId('tga-dts'));
  });

  it('orders derived series after their inputs, and every input exists', () => {
    const seen = new Set(FETCHED.map((d) => d.id));
    for (const def of DERIVED) {
      for (const input of formulaInputs(def.formula!)) assert.ok(seen.has(input), `${def.id} reads ${input} first`);
      seen.add(def.id);
    }
  });

  it('dates the publication of each series by its lag; a derived series is as late as its latest input', () => {
    assert.equal(publicationLagDays(seriesDef('onrrp')!), 0);
    assert.equal(publicationLagDays(seriesDef('dollar-index')!), 7);
    assert.equal(publicationLagDays(seriesDef('reserve-buffer')!), 9); // bank assets (H.8) arrive 9 days late
    assert.equal(staleAfterDays(seriesDef('m2')!), 75);
  });

  it('gives every fetched series its terms, and a plausible range by era', () => {
    for (const def of FETCHED) assert.ok(def.terms, def.id);
    const reserves = seriesDef('bank-reserves')!;
    assert.deepEqual(plausibleRange(reserves, '2006-03-08'), { from: '1900-01-01', min: 1, max: 10_000 });
    assert.deepEqual(plausibleRange(reserves, '2024-11-06'), { from: '2009-01-01', min: 100, max: 10_000 });
  });

  it('licences: a derived series takes the strictest terms of its inputs and cites them all', () => {
    assert.equal(licenseOf(seriesDef('tga')!).terms, 'public-domain');
    const net = licenseOf(seriesDef('net-liquidity')!);
    assert.equal(net.terms, 'citation-required');
    assert.match(net.attribution, /WALCL/);
    assert.match(net.attribution, /RRPONTSYD/);
    assert.equal(licenseOf(seriesDef('hy-spread')!).redistribution, 'statistics-only');
  });
});

describe('a provider by name', () => {
  it("is one name wherever it is written (health and the banner wrote two), from a source's provider field", () => {
    assert.equal(providerName('nyfed:srf'), 'New York Fed');
    assert.equal(providerName('treasury'), 'U.S. Treasury Fiscal Data');
    assert.equal(providerName('fred'), 'FRED');
    // Every provider a fetched series names has a name of its own.
    for (const def of FETCHED) assert.notEqual(providerName(def.source!.provider), def.source!.provider, def.id);
    assert.equal(providerName('elsewhere:x'), 'elsewhere:x', 'an unknown provider as it is');
  });
});

describe('the next expected release', () => {
  it('is the next observation date its frequency gives, plus its publication lag', () => {
    const weekly = seriesDef('fed-balance-sheet')!;
    assert.equal(nextExpectedRelease(weekly, '2026-06-10'), addDays('2026-06-17', publicationLagDays(weekly)));
    const daily = seriesDef('sofr')!;
    // A Friday's next print is Monday's.
    assert.equal(nextExpectedRelease(daily, '2026-06-12'), addDays('2026-06-15', publicationLagDays(daily)));
    const monthly = CATALOG.find((def) => def.frequency === 'monthly')!;
    // A month on, on the month's last day where the next month is shorter.
    assert.equal(nextExpectedRelease(monthly, '2026-01-31'), addDays('2026-02-28', publicationLagDays(monthly)));
  });
});
