import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Admission, type Admitted } from '../../src/http/mcp-admission.ts';

/** A clock and timers the test moves by hand. */
function manualTime() {
  let now = 0;
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  return {
    now: () => now,
    schedule(run: () => void, ms: number) {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    /** Moves the clock to `to`, running each timer due on the way at its own time. */
    advance(to: number) {
      for (;;) {
        const due = timers.filter((t) => !t.cancelled && t.at <= to).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        due.cancelled = true;
        now = due.at;
        due.run();
      }
      now = to;
    },
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('MCP admission: a bounded share of the serving thread, waited for rather than refused', () => {
  it('past the exchanges in flight, one waits and starts when one finishes', async () => {
    const time = manualTime();
    const gate = new Admission({ inFlight: 2, perSecond: 100, waiting: 8, maxWaitMs: 10_000, ...time });
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
    assert.equal(gate.inFlight, 2, 'done twice counts once');
  });

  it('past the starts allowed in a second, one waits until the oldest start leaves the window', async () => {
    const time = manualTime();
    const gate = new Admission({ inFlight: 10, perSecond: 2, waiting: 8, maxWaitMs: 10_000, ...time });
    (await gate.enter())!.done();
    time.advance(400);
    (await gate.enter())!.done();
    let third: Admitted | undefined;
    void gate.enter().then((t) => {
      third = t;
    });
    time.advance(999);
    await settled();
    assert.equal(third, undefined, 'the start at 0 is still in the window at 999 ms');
    time.advance(1000);
    await settled();
    assert.ok(third, 'started at 1,000 ms');
  });

  it('refuses only past the waiting bound or the longest wait, and forgets a client that went away', async () => {
    const time = manualTime();
    const gate = new Admission({ inFlight: 1, perSecond: 100, waiting: 2, maxWaitMs: 5_000, ...time });
    const first = (await gate.enter())!;
    const gone = new AbortController();
    const waiting = [gate.enter(gone.signal), gate.enter()];
    assert.equal(await gate.enter(), undefined, 'a third waiter is refused at once');
    gone.abort();
    assert.equal(await waiting[0], undefined, 'its client went away');
    assert.equal(gate.waiting, 1);
    time.advance(5_000);
    assert.equal(await waiting[1], undefined, 'refused after waiting 5 s');
    first.done();
    assert.ok(await gate.enter(), 'then the next starts at once');
  });

  it('starts waiters in arrival order', async () => {
    const time = manualTime();
    const gate = new Admission({ inFlight: 1, perSecond: 100, waiting: 8, maxWaitMs: 10_000, ...time });
    let running = (await gate.enter())!;
    const order: number[] = [];
    const all = [1, 2, 3].map((n) =>
      gate.enter().then((ticket) => {
        order.push(n);
        running = ticket!;
      }),
    );
    for (let i = 0; i < 3; i++) {
      running.done();
      await settled();
    }
    await Promise.all(all);
    assert.deepEqual(order, [1, 2, 3]);
  });
});
