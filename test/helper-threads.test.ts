import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, it } from 'node:test';
import { Piscina } from 'piscina';
import { lowerHelperThreadPriority } from '../src/helper-threads.ts';
import { BACKGROUND_NICE_INCREMENT } from '../src/timeseries/background-priority.ts';

/** Each thread of this process: its name and nice value (field 19 of /proc/<pid>/task/<tid>/stat). */
function threads(): Array<{ name: string; nice: number }> {
  return readdirSync('/proc/self/task').map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name: readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(), nice: Number(fields[16]) };
  });
}

describe('background priority of helper threads', { skip: process.platform !== 'linux' && 'Linux only' }, () => {
  it("lowers libuv's pool, not the serving thread nor V8's helpers (it waits for those)", async () => {
    const base = getPriority();
    const lowered = await lowerHelperThreadPriority();
    const all = threads();
    const helpers = all.filter((t) => t.name === 'libuv-worker');
    assert.ok(helpers.length > 0, "libuv's pool was started to be lowered");
    assert.equal(lowered, helpers.length);
    const target = Math.min(19, base + BACKGROUND_NICE_INCREMENT);
    for (const t of helpers) assert.equal(t.nice, target, t.name);
    assert.equal(getPriority(), base, 'the serving thread keeps its priority');
    for (const t of all.filter((t) => t.name === 'V8Worker')) assert.equal(t.nice, base, 'V8Worker');
  });

  // piscina applies niceIncrement through the optional @napi-rs/nice and silently skips it when that is missing.
  it('runs piscina worker threads (refresh, model) at the background increment', async () => {
    const pool = new Piscina({
      filename: new URL('./support/priority-worker.ts', import.meta.url).href,
      niceIncrement: BACKGROUND_NICE_INCREMENT,
    });
    try {
      assert.equal(await pool.run(null), Math.min(19, getPriority() + BACKGROUND_NICE_INCREMENT));
    } finally {
      await pool.destroy();
    }
  });
});
