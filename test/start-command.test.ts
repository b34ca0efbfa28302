import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CONFIG_VARIABLES } from '../src/config.ts';
import { freePort } from './support/processes.ts';

/**
 * The README's own start command, `npm start`, as a container runtime or a supervisor runs it: it must stop on
 * SIGTERM and SIGINT (requests in flight complete), and refuse a malformed configuration with a message naming
 * the variable. Waits on events (the "listening" log line, the process exit), never on the clock; the 10 s limit
 * of the issue is the deadline, not a sleep.
 */
const ROOT = new URL('..', import.meta.url).pathname;

function npmStart(env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return Object.assign(child, { output: () => output });
}

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

function waitFor(child: ChildProcess & { output: () => string }, pattern: RegExp, what: string, ms = 60_000) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms:\n${child.output()}`)), ms);
    const check = () => {
      if (!pattern.test(child.output())) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.on('exit', () => {
      clearTimeout(timer);
      if (pattern.test(child.output())) resolve();
      else reject(new Error(`exited before ${what}:\n${child.output()}`));
    });
    check();
  });
}

function exited(child: ChildProcess, ms: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => reject(new Error(`still running ${ms} ms after the signal`)), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
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
    it(`stops on ${signal} sent to the npm process, within 10 s, and frees its port`, async () => {
      const port = await freePort();
      const child = npmStart({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dir, `${signal}.sqlite`)}`,
        REFRESH_ON_START: 'false',
      });
      await waitFor(child, /Server listening at/, 'listening log line');
      assert.ok(await portOpen(port));
      child.kill(signal);
      assert.equal(await exited(child, 10_000), 0);
      assert.equal(await portOpen(port), false, 'the port is released');
      assert.match(child.output(), /shutting down/);
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
    // Through npm once (the README's command), then each variable through the same CLI, in parallel.
    const viaNpm = npmStart({ PORT: '80a', DATABASE_URL: `sqlite:${join(dir, 'config.sqlite')}` });
    assert.notEqual(await exited(viaNpm, 60_000), 0);
    assert.match(viaNpm.output(), /usd-liquidity: PORT="80a" is not accepted: expected a port number from 0 to 65535/);
    await Promise.all(
      Object.entries(malformed).map(async ([name, value]) => {
        const env =
          name === 'DATABASE_URL'
            ? { [name]: value }
            : { [name]: value, DATABASE_URL: `sqlite:${join(dir, 'config.sqlite')}` };
        const child = serve(env);
        const code = await exited(child, 60_000);
        assert.notEqual(code, 0, name);
        assert.match(child.output(), new RegExp(`usd-liquidity: ${name}=".*" is not accepted`), name);
        assert.doesNotMatch(child.output(), /Server listening/, name);
      }),
    );
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
