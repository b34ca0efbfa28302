/** What a publication recomputes independently: when one fails, the previous publication's result is kept. */
export type Recomputed = 'model' | 'lens' | 'correlation' | 'snapshot' | 'site';

export type RecomputeErrors = Partial<Record<Recomputed, string>>;

/** Runs one independent computation; on failure keeps the previous publication's result (if any) and the error. */
export function attempt<T>(
  what: Recomputed,
  errors: RecomputeErrors,
  stamp: string,
  build: () => T,
  previous: T | undefined,
): T | undefined {
  try {
    return build();
  } catch (cause) {
    return failed(what, errors, stamp, cause, previous);
  }
}

/** Records why a computation failed and keeps the previous publication's result (if any). */
export function failed<T>(
  what: Recomputed,
  errors: RecomputeErrors,
  stamp: string,
  cause: unknown,
  previous: T | undefined,
): T | undefined {
  errors[what] = `${what} recompute failed at ${stamp}: ${(cause as Error).message ?? cause}`;
  return previous;
}
