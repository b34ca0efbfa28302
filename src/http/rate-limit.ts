import { LRUCache } from 'lru-cache';

/**
 * The per-client rate limit: each client key (client-address.ts) has a bucket of `perMinute` requests that refills
 * continuously at perMinute / 60 a second (a token bucket), so a client may spend its whole minute at once — a
 * notebook reading every series, a browser loading the dashboard's ~40 files — and then goes at the refill rate.
 * Every answer says where the client stands in the IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10):
 * `RateLimit-Policy: "per-address";q=600;w=60` (the quota and its window in seconds) and `RateLimit:
 * "per-address";r=599;t=6` (what is left, and the seconds until the bucket is full again). A refused request takes
 * nothing and is answered 429 with Retry-After: the seconds until one request is available.
 */
export interface RateDecision {
  allowed: boolean;
  /** The two RateLimit fields, for every answer. */
  headers: { 'ratelimit-policy': string; ratelimit: string };
  /** When refused: whole seconds until one request is available (≥ 1). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  take(key: string): RateDecision;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date, on the limiter's clock (ms). */
  atMs: number;
}

const POLICY = 'per-address';
const WINDOW_SECONDS = 60;

/**
 * Clients remembered at most. A bucket left alone for a minute is full, as good as forgotten, so only clients of
 * the last minute matter; past this many (a spray of IPv6 /64s), the least recently seen are forgotten first —
 * which at worst gives them a full bucket again, never less. About 100 bytes each: ~10 MB at the bound.
 */
const MAX_CLIENTS = 100_000;

/** `clock` in milliseconds, monotonic (performance.now by default; tests inject theirs). */
export function createRateLimiter(perMinute: number, clock: () => number = () => performance.now()): RateLimiter {
  // Seconds for `deficit` requests to come back; the tolerance keeps 12.000000000000002 at 12 s.
  const secondsFor = (deficit: number) => Math.ceil((deficit * WINDOW_SECONDS) / perMinute - 1e-9);
  const buckets = new LRUCache<string, Bucket>({ max: MAX_CLIENTS });
  const policy = `"${POLICY}";q=${perMinute};w=${WINDOW_SECONDS}`;
  return {
    take(key) {
      const now = clock();
      // A known client's bucket is changed in place (get has made it the most recent); a new one is added.
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { tokens: perMinute, atMs: now };
        buckets.set(key, bucket);
      }
      bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.atMs) * perMinute) / (WINDOW_SECONDS * 1000));
      bucket.atMs = now;
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      const fullInSeconds = secondsFor(perMinute - bucket.tokens);
      return {
        allowed,
        headers: {
          'ratelimit-policy': policy,
          ratelimit: `"${POLICY}";r=${Math.floor(bucket.tokens)};t=${fullInSeconds}`,
        },
        retryAfterSeconds: allowed ? 0 : Math.max(1, secondsFor(1 - bucket.tokens)),
      };
    },
  };
}
