import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isBusy, OnDemand } from '../../../src/publish/on-demand/gate.ts';

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

  it('work whose signal aborts while it waits leaves the queue at once, freeing its client’s share', async () => {
    const g = gate();
    const { started, work, release } = holder();
    const running = g.admit('a', 'x', work('x'));
    const gone = new AbortController();
    const abandoned = g.admit('a', 'a1', work('a1'), gone.signal);
    void g.admit('a', 'a2', work('a2'));
    assert.ok(isBusy(await g.admit('a', 'a3', work('a3'))));
    gone.abort();
    assert.ok(isBusy(await abandoned), 'answered busy, to no one');
    assert.equal(g.waiting, 1);
    // Its place is the client's again; the abandoned work never starts.
    const next = g.admit('a', 'a4', work('a4'));
    await turn();
    release('x');
    assert.equal(await running, 'x');
    await turn();
    release('a2');
    await turn();
    release('a4');
    assert.equal(await next, 'a4');
    assert.deepEqual(started, ['x', 'a2', 'a4']);
    // A signal that aborts once the work has started changes nothing here (the work itself may stop).
    const late = new AbortController();
    const startedWork = g.admit('b', 'b1', work('b1'), late.signal);
    await turn();
    late.abort();
    release('b1');
    assert.equal(await startedWork, 'b1');
  });
});
