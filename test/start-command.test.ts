import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CONFIG_VARIABLES } from '../src/config.ts';
import { message, startServiceChild } from './support/service-child.ts';

/**
 * The README's own start command, `npm start`, as a container runtime or a supervisor runs it: it must stop on
 * SIGTERM and SIGINT (requests in flight complete), and refuse a malformed configuration with a message naming
 * the variable. Every wait is for an event — the "listening" log line, the process's exit — never for a length of
 * time, and no more processes run at once than the machine has cores (issue 41: the configuration cases were ~30
 * processes at once, each given 60 s, and failed on a busy 2-core machine).
 */
const ROOT = new URL('..', import.meta.url).pathname;

/** The CLI's serve command as npm start runs it, without npm (for the many configuration cases). */
function serve(env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['src/cli.ts', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return Object.assign(child, { output: () => output });
}

/** Resolves with the exit code once the process has exited (at once if it has). */
function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Runs `task` for each item, at most `width` at a time, in order of the items. */
async function inTurns<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('the README start command (npm start)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'usdl-start-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops on ${signal} sent to the npm process, exit code 0, and frees its port`, async (t) => {
      // A first start (no store yet): the signal comes while the snapshot is still being stored, which a stop
      // cuts short instead of waiting for (the next start loads it again).
      const service = await startServiceChild(
        t,
        { DATABASE_URL: `sqlite:${join(dir, `${signal}.sqlite`)}`, REFRESH_ON_START: 'false' },
        'npm',
      );
      await service.logged('that it listens', (line) => line.msg?.startsWith('Server listening') ?? false);
      assert.ok(await portOpen(service.port), 'listening');
      service.child.kill(signal);
      const { code, signal: killedBy } = await service.exited();
      assert.equal(code, 0, `exit code after ${signal} (killed by ${killedBy}):\n${service.output()}`);
      assert.equal(await portOpen(service.port), false, 'the port is released');
      assert.ok(service.lines().some(message('shutting down')), `it said it was shutting down:\n${service.output()}`);
    });
  }

  it('refuses a malformed value of every documented variable, naming it and the accepted forms, exit ≠ 0', async () => {
    const malformed: Record<string, string> = {
      PORT: '80a',
      HOST: ' ',
      BASE_URL: 'ftp://x',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      REFRESH_CRON: 'every day',
      REFRESH_MAX_AGE_HOURS: '-1',
      REFRESH_ON_START: 'yes',
      REFRESH_RETRY_MINUTES: '1,,5',
      FRED_API_KEY: 'not-a-key',
      FRED_BASE_URL: 'fred.stlouisfed.org',
      FRED_API_BASE_URL: 'x',
      TREASURY_BASE_URL: '//no-scheme',
      NYFED_BASE_URL: 'markets',
      PRICES_BASE_URL: 'query1',
      PROVIDER_TIMEOUT_MS: '10',
      PROVIDER_RETRIES: 'three',
      PROVIDER_MAX_BODY_MB: '0',
      REFRESH_BUDGET_SECONDS: '5',
      PROVIDER_BACKOFF_MS: '-5',
      FRED_MIN_INTERVAL_MS: '1.5',
      PROVIDER_CONCURRENCY: '0',
      PARTNER_SITES: '{"name":"x"}',
      PUBLICATION_POLL_MS: '5',
      LEADER_CHECK_MS: 'soon',
      RATE_LIMIT_PER_MINUTE: '-1',
      TRUSTED_PROXIES: '10.0.0.0/33',
      BOOTSTRAP_SNAPSHOT: '/nonexistent/snapshot',
    };
    assert.deepEqual(Object.keys(malformed).sort(), [...CONFIG_VARIABLES].sort(), 'every documented variable');
    // Through npm once (the README's command), then each variable through the same CLI, as many at a time as there
    // are cores: each exits as soon as it has read its configuration.
    const viaNpm = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '80a', DATABASE_URL: `sqlite:${join(dir, 'config.sqlite')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let npmOutput = '';
    viaNpm.stdout!.on('data', (chunk) => (npmOutput += chunk));
    viaNpm.stderr!.on('data', (chunk) => (npmOutput += chunk));
    assert.notEqual(await exitCode(viaNpm), 0, `npm start with PORT=80a exited 0:\n${npmOutput}`);
    assert.match(npmOutput, /usd-liquidity: PORT="80a" is not accepted: expected a port number from 0 to 65535/);
    await inTurns(Object.entries(malformed), availableParallelism(), async ([name, value]) => {
      const env =
        name === 'DATABASE_URL'
          ? { [name]: value }
          : { [name]: value, DATABASE_URL: `sqlite:${join(dir, 'config.sqlite')}` };
      const child = serve(env);
      const code = await exitCode(child);
      assert.notEqual(code, 0, `${name}="${value}": exit code 0:\n${child.output()}`);
      assert.match(child.output(), new RegExp(`usd-liquidity: ${name}=".*" is not accepted`), name);
      assert.doesNotMatch(child.output(), /Server listening/, name);
    });
  });
});

describe('how Node is run to serve', () => {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const shebang = readFileSync(join(ROOT, 'bin/usd-liquidity.js'), 'utf8').split('\n')[0]!;

  it('npm start builds, then runs the bin, whose shebang is the one place of the runtime flags', () => {
    assert.match(scripts.start!, /^npm run -s build && exec \.\/bin\/usd-liquidity\.js serve$/);
    assert.match(shebang, /^#!\/usr\/bin\/env -S .*node .*--concurrent-marking-max-worker-num=1/);
    for (const [name, command] of Object.entries(scripts)) {
      assert.doesNotMatch(command, /(^|\s)--(max|concurrent|import|optimize)/, `${name} sets no node flag of its own`);
      assert.doesNotMatch(command, /MALLOC_|NODE_OPTIONS/, `${name} sets no runtime environment of its own`);
    }
  });

  it('runs compiled JavaScript, with no loader hook', () => {
    assert.match(readFileSync(join(ROOT, 'bin/usd-liquidity.js'), 'utf8'), /import\('\.\.\/build\/cli\.js'\)/);
    assert.doesNotMatch(shebang, /--import|--loader|--experimental/);
  });
});
