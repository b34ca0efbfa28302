/**
 * The bootstrap snapshot's model, in a process of its own (started by src/bootstrap-model.ts as the service starts):
 * given one BootstrapModelTask as JSON on its command line, reads and checks the snapshot, computes its publication model
 * as of the task's instant, answers with the outcome and exits. It runs with V8's default heap, not the serving
 * process's memory-saving flags (bin/usd-liquidity.js): with their 4 MB young generation the model's short-lived
 * arrays took ~700 collections, a third of its time. It ends with the process that started it, which has no use
 * for its answer once gone.
 */
import { readSnapshot, snapshotVintages } from '../ingest/snapshot-file.ts';
import { type ModelOutcome, modelOutcome } from '../publish/model/computation.ts';

export interface BootstrapModelTask {
  dir: string;
  /** The publication's instant (ISO date-time): the model is computed as of it. */
  instant: string;
  baseUrl: string;
}

process.once('disconnect', () => process.exit(0));

const task = JSON.parse(process.argv[2] ?? '{}') as BootstrapModelTask;
let outcome: ModelOutcome;
try {
  outcome = modelOutcome(snapshotVintages(readSnapshot(task.dir)), new Date(task.instant), task.baseUrl);
} catch (cause) {
  outcome = { ok: false, error: (cause as Error).message ?? String(cause) };
}
process.send?.(outcome, () => process.exit(0));
