import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runWithNatives, srcModuleUrl } from '../support/natives.ts';

/*
 * The serving process keeps one nextTick queue entry alive (src/http/next-tick-shape.ts), so that entries made after
 * full collections under `--optimize-for-size` keep their hidden class. Checked with V8's %HaveSameMap (behind
 * --allow-natives-syntax, so in a child process under the serving process's memory flag): entries made after each
 * of five full collections, with no other entry alive, have the kept entry's class. As a control, the queue's
 * entries die between ticks (a WeakRef to one is cleared by a collection): nothing else holds their class.
 */
const SCRIPT = (moduleUrl: string) => `
import { createHook } from 'node:async_hooks';
import { keepNextTickShape, keptTickEntry } from ${JSON.stringify(moduleUrl)};
const tick = () => new Promise((resolve) => setImmediate(resolve));
function nextEntry() {
  let entry;
  const hook = createHook({ init(_id, type, _trigger, resource) { if (type === 'TickObject') entry ??= resource; } });
  hook.enable();
  process.nextTick(() => undefined, 1);
  hook.disable();
  return entry;
}
const before = new WeakRef(nextEntry());
await tick();
globalThis.gc();
const collected = before.deref() === undefined;
keepNextTickShape();
keepNextTickShape();
const kept = keptTickEntry();
const same = [];
for (let i = 0; i < 5; i++) {
  await tick();
  globalThis.gc();
  same.push(%HaveSameMap(kept, nextEntry()));
}
process.stdout.write(JSON.stringify({ collected, kept: kept !== undefined && typeof kept.callback === 'function', same }));
`;

test('the serving process keeps one nextTick entry, and entries made after full collections share its class', () => {
  const script = SCRIPT(srcModuleUrl('http/next-tick-shape.ts'));
  const out = runWithNatives(script, ['--expose-gc', '--optimize-for-size']) as {
    collected: boolean;
    kept: boolean;
    same: boolean[];
  };
  assert.equal(out.collected, true, 'an entry of the queue outlived its tick: the control no longer tells anything');
  assert.equal(out.kept, true);
  assert.deepEqual(out.same, [true, true, true, true, true]);
});

test('`serve` keeps the entry before anything else it does', () => {
  const cli = readFileSync(join(import.meta.dirname, '../../src/cli.ts'), 'utf8');
  const serve = cli.slice(cli.indexOf('async function serveCommand'));
  const body = serve
    .slice(serve.indexOf('{') + 1)
    .trimStart()
    .split('\n')
    .filter((l) => !l.trim().startsWith('//'));
  assert.equal(body[0]!.trim(), 'keepNextTickShape();');
});
