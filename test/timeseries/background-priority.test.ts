import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, it } from 'node:test';
import { BACKGROUND_NICE_INCREMENT } from '../../src/timeseries/background-priority.ts';

describe('lowerThisProcess', { skip: process.platform !== 'linux' && 'Linux only' }, () => {
  it("lowers every thread of the process, V8's and Node's started before it included", () => {
    // In a process of its own (as the refresh's is): lowering this test process would slow the rest of the suite.
    const script = `
      import { readdirSync, readFileSync } from 'node:fs';
      import { lowerThisProcess } from ${JSON.stringify(new URL('../../src/timeseries/background-priority.ts', import.meta.url).href)};
      const lowered = lowerThisProcess();
      const threads = readdirSync('/proc/self/task').map((task) => {
        const stat = readFileSync('/proc/self/task/' + task + '/stat', 'utf8');
        return { name: readFileSync('/proc/self/task/' + task + '/comm', 'utf8').trim(), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
      });
      process.stdout.write(JSON.stringify({ lowered, threads }));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as { lowered: number; threads: Array<{ name: string; nice: number }> };
    const target = Math.min(19, getPriority() + BACKGROUND_NICE_INCREMENT);
    assert.ok(
      out.threads.some((t) => t.name === 'V8Worker'),
      "V8's helper threads exist before the call",
    );
    assert.equal(out.lowered, out.threads.length);
    for (const t of out.threads) assert.equal(t.nice, target, t.name);
  });
});

describe('offerToOutOfMemoryKiller', { skip: process.platform !== 'linux' && 'Linux only' }, () => {
  it("makes the calling process the out-of-memory killer's first choice, and no other", () => {
    const script = `
      import { readFileSync } from 'node:fs';
      import { offerToOutOfMemoryKiller } from ${JSON.stringify(new URL('../../src/timeseries/background-priority.ts', import.meta.url).href)};
      const before = readFileSync('/proc/self/oom_score_adj', 'utf8').trim();
      const taken = offerToOutOfMemoryKiller();
      process.stdout.write(JSON.stringify({ before, taken, after: readFileSync('/proc/self/oom_score_adj', 'utf8').trim() }));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as { before: string; taken: boolean; after: string };
    assert.equal(out.taken, true);
    assert.notEqual(out.before, '1000', 'the process did not start as the first choice');
    assert.equal(out.after, '1000');
    assert.notEqual(readFileSync('/proc/self/oom_score_adj', 'utf8').trim(), '1000', 'the parent is untouched');
  });
});
