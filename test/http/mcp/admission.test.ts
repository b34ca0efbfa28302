import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { Admission, type Admitted } from '../../../src/http/mcp/admission.ts';

/** Lets the queue's promises run (no time passes: the clock is mocked). */
const settled = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Moves the mocked clock by `ms`, 1 ms at a time, letting promises run at each step. */
async function advance(ms: number) {
  for (let i = 0; i < ms; i++) {
    mock.timers.tick(1);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('MCP admission: a bounded share of the serving thread, waited for rather than refused', () => {
  // Date and setTimeout mocked (the queue's window and the longest wait run on them): deterministic on a busy machine.
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 }));
  afterEach(() => mock.timers.reset());

  it('past the exchanges in flight, one waits and starts when one finishes', async () => {
    const gate = new Admission({ inFlight: 2, perSecond: 100, waiting: 8, maxWaitMs: 10_000 });
    const a = (await gate.enter())!;
    await gate.enter();
    let third: Admitted | undefined;
    void gate.enter().then((t) => {
      third = t;
    });
    await settled();
    assert.equal(third, undefined, 'waiting');
    assert.equal(gate.waiting, 1);
    a.done();
    await settled();
    assert.ok(third, 'started when a slot freed');
    a.done();
    await settled();
    assert.equal(gate.inFlight, 2, 'done twice counts once');
  });

  it('past the starts allowed in a second, one waits until the oldest start leaves the window', async () => {
    const gate = new Admission({ inFlight: 10, perSecond: 2, waiting: 8, maxWaitMs: 10_000 });
    (await gate.enter())!.done();
    await advance(400);
    (await gate.enter())!.done();
    let third: Admitted | undefined;
    void gate.enter().then((t) => {
      third = t;
    });
    await advance(598);
    assert.equal(third, undefined, 'the start at 0 is still in the window at 998 ms');
    await advance(3);
    assert.ok(third, 'started once it left, at 1,000 ms');
  });

  it('refuses only past the waiting bound or the longest wait, and forgets a client that went away', async () => {
    const gate = new Admission({ inFlight: 1, perSecond: 100, waiting: 2, maxWaitMs: 5_000 });
    const first = (await gate.enter())!;
    const gone = new AbortController();
    const waiting = [gate.enter(gone.signal), gate.enter()];
    await settled();
    assert.equal(await gate.enter(), undefined, 'a third waiter is refused at once');
    gone.abort();
    assert.equal(await waiting[0], undefined, 'its client went away');
    assert.equal(gate.waiting, 1);
    await advance(5_000);
    assert.equal(await waiting[1], undefined, 'refused after waiting 5 s');
    first.done();
    await settled();
    assert.ok(await gate.enter(), 'then the next starts at once');
  });

  it('starts waiters in arrival order', async () => {
    const gate = new Admission({ inFlight: 1, perSecond: 100, waiting: 8, maxWaitMs: 10_000 });
    let running = (await gate.enter())!;
    const order: number[] = [];
    const all = [1, 2, 3].map((n) =>
      gate.enter().then((ticket) => {
        order.push(n);
        running = ticket!;
      }),
    );
    for (let i = 0; i < 3; i++) {
      await settled();
      running.done();
    }
    await Promise.all(all);
    assert.deepEqual(order, [1, 2, 3]);
  });
});
