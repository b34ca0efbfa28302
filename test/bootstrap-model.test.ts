import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { beginBootstrapModel } from '../src/bootstrap-model.ts';
import { loadConfig } from '../src/config.ts';
import { readSnapshot, snapshotVintages } from '../src/ingest/snapshot-file.ts';
import { type ModelComputation, modelOutcome } from '../src/publish/model/computation.ts';

/**
 * A first start's model, computed in a process of its own while the service loads (issue 41's first-start budget):
 * the same outcome the service would compute itself, begun only where the store cannot hold anything yet.
 */
describe('the bootstrap snapshot’s model, begun early', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'usdl-bootstrap-model-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const at = new Date('2026-11-27T08:00:00.000Z');

  it('is the model the service computes from the snapshot, as of the same instant: first without its validation', async () => {
    const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'not-yet.sqlite')}`, BASE_URL: 'https://x.test' });
    const early = beginBootstrapModel(config, () => at);
    assert.ok(early, 'begun: the store file does not exist');
    assert.equal(early.publishedAt, at);
    const [unvalidated, validated] = await Promise.all([early.outcome, early.validated]);
    const here = modelOutcome(snapshotVintages(readSnapshot(config.bootstrapSnapshot!)), at, 'https://x.test');
    assert.ok(unvalidated?.ok && validated?.ok && here.ok);
    // All but how long each took to compute.
    const outputs = ({ computation: { outputs } }: { computation: ModelComputation }) => ({ ...outputs, ms: 0 });
    assert.deepEqual(outputs(validated), outputs(here));
    assert.equal(unvalidated.computation.outputs.description.validation, null);
    const { description, ...rest } = outputs(here);
    assert.deepEqual(outputs(unvalidated), { ...rest, description: { ...description, validation: null } });
    assert.deepEqual(unvalidated.computation.correlation, here.computation.correlation);
    assert.deepEqual(validated.computation.correlation, here.computation.correlation);
  });

  it('is not begun where the store may hold something: a file that exists, PostgreSQL, or no snapshot', () => {
    const existing = join(dir, 'exists.sqlite');
    writeFileSync(existing, '');
    assert.equal(beginBootstrapModel(loadConfig({ DATABASE_URL: `sqlite:${existing}` })), undefined);
    assert.equal(beginBootstrapModel(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:1/db' })), undefined);
    assert.equal(
      beginBootstrapModel(loadConfig({ DATABASE_URL: 'sqlite::memory:', BOOTSTRAP_SNAPSHOT: 'off' })),
      undefined,
    );
  });

  it('cancelled, its process ends and no outcome comes', async () => {
    const early = beginBootstrapModel(loadConfig({ DATABASE_URL: 'sqlite::memory:' }), () => at);
    assert.ok(early);
    early.cancel();
    assert.equal(await early.outcome, undefined);
    assert.equal(await early.validated, undefined);
  });
});
