import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { BootstrapModel } from '../src/bootstrap-model.ts';
import { loadConfig } from '../src/config.ts';
import { readSnapshot, snapshotVintages } from '../src/ingest/snapshot-file.ts';
import { type ModelOutcome, modelOutcomeSteps, modelResultKey } from '../src/publish/model/computation.ts';
import { startService } from '../src/service.ts';
import { storedModelResult } from '../src/store/model-results.ts';
import { latestPublication } from '../src/store/publications.ts';
import { injectInto } from './support/test-app.ts';

/**
 * A first start publishes the bootstrap snapshot's model before its validation statistics are computed (issue 41's
 * 3-s budget: they are ~60 % of the model's time), and keeps the model whole, which the publication logged next
 * serves. The early model is given by hand here, its validation held back until the test lets it come.
 */
describe('a first start whose model was begun early', () => {
  it('serves the model at once without its validation, then the logged publication with it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'usdl-first-start-'));
    const config = loadConfig({
      DATABASE_URL: `sqlite:${join(home, 'store.sqlite')}`,
      REFRESH_ON_START: 'false',
      LOG_LEVEL: 'silent',
    });
    const at = new Date('2026-11-27T08:00:00.000Z');
    const steps = modelOutcomeSteps(snapshotVintages(readSnapshot(config.bootstrapSnapshot!)), at, config.baseUrl);
    let deliver: (outcome: ModelOutcome) => void = () => undefined;
    const early: BootstrapModel = {
      publishedAt: at,
      outcome: Promise.resolve(steps.unvalidated),
      validated: new Promise((resolve) => {
        deliver = resolve;
      }),
      cancel: () => undefined,
    };
    const service = await startService(config, { listen: false, bootstrapModel: early });
    try {
      assert.equal((await injectInto(service.app, '/api/regime')).statusCode, 200);
      const first = (await injectInto(service.app, '/api/model')).json() as { validation: unknown };
      assert.equal(first.validation, null, 'served before the validation came');
      const page = (await injectInto(service.app, '/methodology')).body;
      assert.doesNotMatch(page, /targets, pass or fail/, 'no validation section without the figures');

      const whole = steps.validated();
      deliver(whole);
      await service.started;
      assert.ok(whole.ok);
      const validation = whole.computation.outputs.description.validation;
      assert.ok(validation);
      const then = (await injectInto(service.app, '/api/model')).json() as { validation: unknown };
      assert.deepEqual(then.validation, JSON.parse(JSON.stringify(validation)), 'the logged publication has it');
      assert.match((await injectInto(service.app, '/methodology')).body, /targets, pass or fail/);
      const logged = await latestPublication(service.store.db);
      assert.ok(logged);
      const kept = JSON.parse((await storedModelResult(service.store.db, modelResultKey(logged.id)))!) as {
        outputs: { description: { validation: unknown } };
      };
      assert.deepEqual(kept.outputs.description.validation, then.validation, 'kept whole for the next start');
    } finally {
      await service.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
