import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { replayEnv } from './support/processes.ts';
import { type ReplayServer, startReplayServer } from './support/replay-server.ts';
import { syntheticReplayData } from './support/synthetic-data.ts';

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['src/cli.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('usd-liquidity CLI', () => {
  let replay: ReplayServer;
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2024-01-01' }));
    dir = mkdtempSync(join(tmpdir(), 'usd-liquidity-cli-'));
    env = {
      DATABASE_URL: `sqlite:${join(dir, 'cli.sqlite')}`,
      ...replayEnv(replay),
      PROVIDER_BACKOFF_MS: '10',
    };
  });
  after(async () => {
    await replay.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refresh prints one plain line per source when not on a TTY, then the summary table', async () => {
    replay.inject('id=VIXCLS', { kind: 'status', status: 404 });
    const { code, stdout } = await run(['refresh'], env);
    assert.equal(code, 0, stdout);
    assert.ok(!stdout.includes('\u001b['), 'no terminal control codes in plain output');
    assert.match(stdout, /ok {4}fed-balance-sheet ← fred:WALCL: \+\d+ points, 0 revisions/);
    assert.match(stdout, /ERROR vix ← fred:VIXCLS: .*HTTP 404/);
    assert.match(stdout, /series +source +status +points added +revisions +error/);
    assert.match(stdout, /run 1: partial — \d+ series, \d+ points added, 0 revisions, 1 errors/);
  });

  it('status lists the runs and each indicator with its latest value and outcome', async () => {
    const { code, stdout } = await run(['status'], env);
    assert.equal(code, 0);
    assert.match(stdout, /#1 partial +cli/);
    assert.match(stdout, /vix +\d+ pts .*error: fred:VIXCLS vix: HTTP 404/);
    assert.match(stdout, /net-liquidity +\d+ pts +\d{4}-\d{2}-\d{2} /);
  });

  it('an unknown command prints the usage and exits 2', async () => {
    const { code, stderr } = await run(['frobnicate'], env);
    assert.equal(code, 2);
    assert.match(stderr, /usage: usd-liquidity <command>/);
  });
});
