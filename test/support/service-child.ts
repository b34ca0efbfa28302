import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './processes.ts';

/**
 * A `usd-liquidity serve` process started by a test, observed through what it logs: a test waits for the line that
 * says a thing happened ("Server listening", "serving publication", "refresh started"), never for a length of time.
 * Every wait names what it waits for: if the process ends first, the error says so with what it printed; if the test
 * is cancelled (its timeout), the test's diagnostics say what it was still waiting for.
 */
export interface LogLine {
  level?: number;
  msg?: string;
  [field: string]: unknown;
}

/** What a wait reports to: the test's context (node:test's `t`). */
export interface Waiter {
  signal: AbortSignal;
  diagnostic(message: string): void;
}

export interface ServiceChild {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything it printed, stdout and stderr, as printed. */
  output(): string;
  /** The JSON log lines so far. */
  lines(): LogLine[];
  /** Resolves with the first log line (past or future) that `matches`; `what` says what that line means. */
  logged(what: string, matches: (line: LogLine) => boolean): Promise<LogLine>;
  /** Resolves when the process has exited, with how. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills it (SIGKILL unless told) and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * Starts the service as `npm start` runs it (`command: 'npm'`, the README's command) or as its CLI (`'cli'`, the
 * default: src/cli.ts, no build step), on a free port of loopback, logging at info level as JSON.
 */
export async function startServiceChild(
  waiter: Waiter,
  env: Record<string, string>,
  command: 'cli' | 'npm' = 'cli',
): Promise<ServiceChild> {
  const port = await freePort();
  const [file, args] = command === 'npm' ? ['npm', ['start', '--silent']] : [process.execPath, ['src/cli.ts', 'serve']];
  const child = spawn(file, args as string[], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let pending = '';
  const lines: LogLine[] = [];
  const listeners = new Set<() => void>();
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let done: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void exit.then((how) => {
    done = how;
    for (const listener of [...listeners]) listener();
  });
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    pending += text;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.startsWith('{')) {
        try {
          lines.push(JSON.parse(line) as LogLine);
        } catch {
          // not a log line
        }
      }
      newline = pending.indexOf('\n');
    }
    for (const listener of [...listeners]) listener();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const tail = () => output.split('\n').slice(-30).join('\n');
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    lines: () => lines,
    logged(what, matches) {
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          stop();
          waiter.diagnostic(`the service on port ${port} had not yet logged ${what}; its last lines:\n${tail()}`);
          reject(new Error(`gave up waiting for the service to log ${what}`));
        };
        const check = () => {
          const found = lines.find(matches);
          if (found) {
            stop();
            resolve(found);
          } else if (done) {
            stop();
            reject(
              new Error(
                `the service on port ${port} exited (${done.signal ?? `code ${done.code}`}) before it logged ${what}:\n${tail()}`,
              ),
            );
          }
        };
        const stop = () => {
          listeners.delete(check);
          waiter.signal.removeEventListener('abort', onAbort);
        };
        listeners.add(check);
        waiter.signal.addEventListener('abort', onAbort, { once: true });
        check();
      });
    },
    exited: () => exit,
    async stop(signal = 'SIGKILL') {
      if (!done) child.kill(signal);
      await exit;
    },
  };
}

/** A log line's message is `msg` (exactly). */
export const message =
  (msg: string) =>
  (line: LogLine): boolean =>
    line.msg === msg;
