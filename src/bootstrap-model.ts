import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import type { BootstrapModelMessage, BootstrapModelTask } from './processes/bootstrap-model.ts';
import type { ModelOutcome } from './publish/model/computation.ts';

/**
 * A first start's model, begun before the service's modules are loaded. On an empty store the service publishes the
 * shipped snapshot before it listens (service.ts): computing its model is a first start's longest step (1.1–1.6 s on
 * the real files, issue 41), loading the modules the second (0.5–0.7 s), so the model is computed meanwhile in a
 * process of its own (src/processes/bootstrap-model.ts, V8's default heap) on the machine's other core. Begun only
 * where the store cannot hold anything yet (an SQLite file not yet created, or in memory), so a restart spends
 * nothing on it; elsewhere (PostgreSQL, an existing empty SQLite file) the service computes the model itself.
 */
export interface BootstrapModel {
  /** The instant the model is computed as of: the snapshot's publication is published as of it. */
  publishedAt: Date;
  /**
   * The model's outcome without its validation statistics (description.validation null), which a first start
   * publishes at once; undefined when the process could not deliver one (the caller then computes it).
   */
  outcome: Promise<ModelOutcome | undefined>;
  /** The outcome whole, which the first start keeps with its publication; undefined as above. */
  validated: Promise<ModelOutcome | undefined>;
  /** Stops the process when its outcome is not wanted (the store was not empty after all). */
  cancel(): void;
}

export function beginBootstrapModel(config: Config, now: () => Date = () => new Date()): BootstrapModel | undefined {
  if (!config.bootstrapSnapshot || !storeCannotHoldAnything(config.databaseUrl)) return undefined;
  const publishedAt = now();
  const task: BootstrapModelTask = {
    dir: config.bootstrapSnapshot,
    instant: publishedAt.toISOString(),
    baseUrl: config.baseUrl,
  };
  const entry = fileURLToPath(new URL(`./processes/bootstrap-model${extname(import.meta.url)}`, import.meta.url));
  // No flags of this process's: its memory-saving ones are what the model is better without (see the entry).
  // The task goes on its command line, not over IPC: a message is sent when this process's event loop gets to it,
  // which, while the service's modules load, was half a second after the process had started and was waiting.
  const child = spawn(process.execPath, [entry, JSON.stringify(task)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const step = (name: BootstrapModelMessage['step']) =>
    new Promise<ModelOutcome | undefined>((resolve) => {
      child.on('message', (message: BootstrapModelMessage) => {
        if (message.step === name) resolve(message.outcome);
      });
      // Without an answer (it could not start, or died): the service computes the model itself. The channel closes
      // after the messages written to it are read; Node does not document where 'exit' falls among them.
      child.once('error', () => resolve(undefined));
      child.once('disconnect', () => resolve(undefined));
    });
  const outcome = step('unvalidated');
  const validated = step('validated');
  return { publishedAt, outcome, validated, cancel: () => void child.kill() };
}

/** True when the store named by DATABASE_URL is certainly empty: in memory, or an SQLite file not yet created. */
function storeCannotHoldAnything(databaseUrl: string): boolean {
  if (!databaseUrl.startsWith('sqlite:')) return false;
  const path = databaseUrl.slice('sqlite:'.length);
  return path === ':memory:' || !existsSync(path);
}
