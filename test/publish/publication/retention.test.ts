import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRefreshedHarness, type Harness } from '../../support/harness.ts';

// A full collection on demand, without starting the test process with --expose-gc.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * A publication replaced by the next must become garbage. Closures kept by a publication (downloads, caches,
 * the site) once captured the build's input, whose `previous` is the publication before: every publication kept
 * all earlier ones alive (the soak's resident memory rose ~40 MB per refresh, 192 → 589 MB in 10 minutes).
 */
describe('a replaced publication is released', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('after two more publications and a collection, the first is gone', async () => {
    const first = await remember(h);
    await h.publisher.rebuild();
    await h.publisher.rebuild();
    await h.app.inject('/api/bulk.zip');
    await h.app.inject('/');
    // WeakRef targets stay alive until the end of the job that created or read them.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    // Not assert.equal: its message would print the whole publication graph (minutes, gigabytes).
    assert.ok(first.deref() === undefined, 'the first publication is still reachable');
    assert.ok(h.publisher.current, 'the current one is served');
  });
});

async function remember(h: Harness): Promise<WeakRef<object>> {
  await h.publisher.rebuild();
  await h.publisher.current!.ready;
  await h.app.inject('/api/regime');
  return new WeakRef(h.publisher.current!);
}
