import { LRUCache } from 'lru-cache';
import type { PreparedResponse } from './prepared-response.ts';

/**
 * The one mechanism for answers kept for asking again: an LRU bounded in bytes — never in entries alone, so that
 * unique URLs cannot grow memory — named, so that every budget is listed in one place
 * (`keptBudgets`, which docs/performance.md and a test read). Entries are dropped least recently used first.
 * Example: keptAnswers<PreparedResponse>('csv windows', { bytes: 24 MiB, sizeOf: responseBytes }).
 */
export interface KeptOptions<V> {
  /** The most bytes the kept values may hold, as sizeOf counts them. */
  bytes: number;
  sizeOf: (value: V) => number;
  /** How long a value is kept at most, for answers whose inputs move on their own (none: until evicted). */
  ttlMs?: number;
}

const BUDGETS = new Map<string, number>();

export function keptAnswers<V extends {}>(name: string, options: KeptOptions<V>): LRUCache<string, V> {
  // A cache per publication registers once under its name: the budget is per instance.
  BUDGETS.set(name, options.bytes);
  return new LRUCache<string, V>({
    maxSize: Math.ceil(options.bytes),
    // lru-cache refuses a size of 0: an empty value still takes its entry.
    sizeCalculation: (value) => Math.max(1, Math.ceil(options.sizeOf(value))),
    ...(options.ttlMs ? { ttl: options.ttlMs } : {}),
  });
}

/** Every kept-answer cache made so far, by name, with its budget in bytes. */
export function keptBudgets(): ReadonlyMap<string, number> {
  return BUDGETS;
}

/** The answer kept under `key`; else the one `build` makes, kept unless it makes none. */
export function keptOr<V extends {}, R extends V | undefined>(
  cache: LRUCache<string, V>,
  key: string,
  build: () => R,
): V | R {
  const hit = cache.get(key);
  if (hit) return hit;
  const made = build();
  if (made) cache.set(key, made);
  return made;
}

/** A prepared response's size: its body (its encodings, made on demand, are smaller). */
export const responseBytes = (response: PreparedResponse): number => response.body.length;

export const MIB = 1024 * 1024;
