import { createHook } from 'node:async_hooks';

/**
 * One entry of `process.nextTick`'s queue, kept for the life of the serving process, so that every later entry
 * has the same hidden class. Node makes each entry (several per answer) as an object literal whose hidden classes
 * V8 holds weakly: a full collection that finds no entry alive (at start, between bursts of requests) drops them,
 * and the next entry is built with new ones. After four such changes Node's `nextTick` gives up on the literal's
 * classes (megamorphic) and defines every later entry property by property in V8's runtime, a measurable share of
 * each small answer's CPU (docs/performance.md). A hook on async resources is the one way to reach an entry (Node
 * creates them inside nextTick); it is enabled for the one tick it takes here, then disabled.
 */
let kept: object | undefined;

/** Keeps a nextTick entry alive (once per process); call it before anything else runs. */
export function keepNextTickShape(): void {
  if (kept) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type !== 'TickObject' || kept) return;
      kept = resource;
      hook.disable();
    },
  });
  hook.enable();
  process.nextTick(() => undefined);
}

/** The entry kept (the test compares its hidden class with later entries'). */
export function keptTickEntry(): object | undefined {
  return kept;
}
