import { errorMessage } from '../timeseries/error-message.ts';

/** What a publication recomputes independently: when one fails, the previous publication's result is kept. */
export type Recomputed = 'model' | 'lens' | 'correlation' | 'snapshot' | 'site';

export type RecomputeErrors = Partial<Record<Recomputed, string>>;

/** Records why a computation failed and keeps the previous publication's result (if any). */
export function failed<T>(
  what: Recomputed,
  errors: RecomputeErrors,
  stamp: string,
  cause: unknown,
  previous: T | undefined,
): T | undefined {
  errors[what] = `${what} recompute failed at ${stamp}: ${errorMessage(cause)}`;
  return previous;
}
