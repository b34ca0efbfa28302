/**
 * The bootstrap snapshot's model, in a process of its own (started by src/bootstrap-model.ts as the service starts):
 * given one BootstrapModelTask as JSON on its command line, reads and checks the snapshot, computes its publication
 * model as of the task's instant, answers with the outcome in its two steps (BootstrapModelMessage) and exits. It runs
 * with V8's default heap, not the serving process's memory-saving flags (bin/usd-liquidity.js): with their 4 MB
 * young generation the model's short-lived arrays took ~700 collections, a third of its time. It ends with the
 * process that started it, which has no use for its answer once gone.
 */
import { readSnapshot, snapshotVintages } from '../ingest/snapshot-file.ts';
import {
  failedSteps,
  type ModelOutcome,
  type ModelOutcomeSteps,
  modelOutcomeSteps,
} from '../publish/model/computation.ts';

export interface BootstrapModelTask {
  dir: string;
  /** The publication's instant (ISO date-time): the model is computed as of it. */
  instant: string;
  baseUrl: string;
}

/** What the process sends, in this order: the model without its validation statistics, then the model whole. */
export interface BootstrapModelMessage {
  step: 'unvalidated' | 'validated';
  outcome: ModelOutcome;
}

process.once('disconnect', () => process.exit(0));

const task = JSON.parse(process.argv[2] ?? '{}') as BootstrapModelTask;
let steps: ModelOutcomeSteps;
try {
  steps = modelOutcomeSteps(snapshotVintages(readSnapshot(task.dir)), new Date(task.instant), task.baseUrl);
} catch (cause) {
  steps = failedSteps(cause);
}
// Two messages: the model without its validation, which the service publishes at once, then the model whole, which
// it keeps (first-start.ts). The second is computed once the first has been written: a large message is written
// over several turns of the event loop, which the validation's ~1 s of computing would otherwise hold up.
const send = (message: BootstrapModelMessage, then: () => void) => process.send?.(message, then);
send({ step: 'unvalidated', outcome: steps.unvalidated }, () =>
  send({ step: 'validated', outcome: steps.validated() }, () => process.exit(0)),
);
