import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isBusy, OnDemand } from '../../src/publish/on-demand.ts';

/** The gate of on-demand work (issue 41): bounded, fair between clients, single flight; events only, no clock. */
describe('OnDemand: the bound of on-demand work', () => {
  const gate = () => new OnDemand({ inFlight: 1, queued: 3, perClientQueued: 2, memoBytes: 1024 });
  const holder = () => {
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const work = (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        releases.set(name, () => resolve(name));
      });
    return { started, work, release: (name: string) => releases.get(name)!() };
  };
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('starts waiting work in turn between clients, not in arrival order', async () => {
    const g = gate();
    const { started, work, release } = holder();
    const results = [
      g.admit('a', 'a1', work('a1')),
      g.admit('a', 'a2', work('a2')),
      g.admit('a', 'a3', work('a3')),
      g.admit('b', 'b1', work('b1')),
    ];
    for (const name of ['a1', 'a2', 'b1', 'a3']) {
      await turn();
      assert.equal(started.at(-1), name);
      release(name);
    }
    assert.deepEqual(await Promise.all(results), ['a1', 'a2', 'a3', 'b1']);
  });

  it('refuses past a client’s share and past the whole queue; joins the same key without counting it', async () => {
    const g = gate();
    const { work, release } = holder();
    const running = g.admit('a', 'x', work('x'));
    void g.admit('a', 'a1', work('a1'));
    void g.admit('a', 'a2', work('a2'));
    assert.ok(isBusy(await g.admit('a', 'a3', work('a3'))));
    assert.equal(await Promise.race([g.admit('a', 'x', work('never')), turn().then(() => 'waiting')]), 'waiting');
    void g.admit('b', 'b1', work('b1'));
    assert.ok(isBusy(await g.admit('c', 'c1', work('c1'))));
    assert.equal(g.waiting, 3);
    await turn();
    release('x');
    assert.equal(await running, 'x');
  });
});
