import { BrokenCircuitError, ConsecutiveBreaker, circuitBreaker, handleWhen } from 'cockatiel';
import { ProviderError } from './provider-error.ts';

/**
 * One breaker per provider: after UNREACHABLE_IN_A_ROW requests in a row could not reach it at all (network
 * errors or timeouts), its further requests fail at once, without touching the network, for
 * HALF_OPEN_AFTER_MS; then one request tries again. A provider in a blackout then costs a refresh a few requests'
 * worth of timeouts instead of every series' (finding 7 of issue 13: 30 s × 4 attempts per series stretched a
 * refresh to tens of minutes). The check runs when a request leaves the rate limiter's queue, so requests
 * already waiting are skipped too.
 */
export const UNREACHABLE_IN_A_ROW = 6;
const HALF_OPEN_AFTER_MS = 60_000;

export interface ProviderBreaker {
  run<T>(work: () => Promise<T>, names: { source: string; seriesId: string }): Promise<T>;
}

export function providerBreaker(): ProviderBreaker {
  const policy = circuitBreaker(
    handleWhen((error) => error instanceof ProviderError && (error.kind === 'network' || error.kind === 'timeout')),
    { halfOpenAfter: HALF_OPEN_AFTER_MS, breaker: new ConsecutiveBreaker(UNREACHABLE_IN_A_ROW) },
  );
  return {
    async run(work, names) {
      try {
        return await policy.execute(work);
      } catch (error) {
        if (!(error instanceof BrokenCircuitError)) throw error;
        throw new ProviderError({
          ...names,
          kind: 'unreachable',
          message: `skipped: the last ${UNREACHABLE_IN_A_ROW} requests to this provider could not reach it; trying again after ${HALF_OPEN_AFTER_MS / 1000} s`,
        });
      }
    },
  };
}
