import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

type Input = { id: string; provider: string; providerSeriesId: string | null; license: string; vintageSeenAt: string };
type Provenance = {
  serviceVersion: string;
  modelVersion: string | null;
  publication: { id: number; builtAt: string };
  dataCutoff: string | null;
  inputs: Input[];
};

/** Every data resource says where it comes from, down to the provider's series and the vintage read. */
describe('provenance in every data resource', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('one publication, one service and model version, and inputs with provider, id, terms and vintage', async () => {
    const health = (await h.app.inject('/api/health')).json();
    const model = (await h.app.inject('/api/model')).json();
    for (const path of [
      '/api/series/net-liquidity',
      '/api/series/tga/vintages',
      '/api/regime',
      '/api/history',
      '/api/model',
      '/api/lens?lang=fr',
      '/api/correlation',
      '/api/snapshot',
      '/api/health',
    ]) {
      const p = (await h.app.inject(path)).json().provenance as Provenance;
      assert.ok(p, path);
      assert.equal(p.publication.id, health.publication.version, path);
      assert.equal(p.modelVersion, model.version, path);
      assert.ok(p.inputs.length > 0, path);
      for (const input of p.inputs) {
        assert.ok(['fred', 'treasury', 'nyfed', 'prices', 'derived'].includes(input.provider), `${path} ${input.id}`);
        assert.ok(input.license, `${path} ${input.id}`);
        assert.match(input.vintageSeenAt, /^\d{4}-\d{2}-\d{2}T/, `${path} ${input.id}`);
      }
    }
    const regime = (await h.app.inject('/api/regime')).json().provenance as Provenance;
    const scored = model.groups.flatMap((g: { indicators: Array<{ id: string }> }) => g.indicators.map((i) => i.id));
    for (const id of scored)
      assert.ok(
        regime.inputs.some((i) => i.id === id),
        id,
      );
  });

  it('a derived series brings its formula inputs, each with the provider’s own id', async () => {
    const p = (await h.app.inject('/api/series/net-liquidity')).json().provenance as Provenance;
    const byId = new Map(p.inputs.map((i) => [i.id, i]));
    assert.equal(byId.get('net-liquidity')?.provider, 'derived');
    assert.equal(byId.get('fed-balance-sheet')?.providerSeriesId, 'WALCL');
    assert.equal(byId.get('onrrp')?.providerSeriesId, 'RRPONTSYD');
    const lastDate = (await h.app.inject('/api/series/net-liquidity?days=7')).json().meta.lastAvailableDate;
    assert.ok(p.dataCutoff && p.dataCutoff >= lastDate);
  });
});
