import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
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
