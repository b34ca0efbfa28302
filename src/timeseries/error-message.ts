/**
 * What a caught value says, for a log line or an answer's `error`: an Error's message, anything else as text.
 * Every layer catches (providers, workers, the store, the CLI), and a thrown value need not be an Error — a
 * worker may reject with a string, a library with `null` — so reading `.message` off it directly can itself
 * throw inside the catch. Example: errorMessage(new Error('disk full')) → 'disk full'; errorMessage(null) → 'null'.
 */
export function errorMessage(cause: unknown): string {
  // Not `instanceof Error`: an error from another realm (a vm context, an addon) has a message but not our Error.
  const message = (cause as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : String(cause);
}
