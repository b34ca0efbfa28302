/** What the poll needs from the service: the refresher's state, the publisher's sync and the coordination's upkeep. */
export interface PublicationPollDeps {
  everyMs: number;
  /** Whether this process's own refresh is running (its end syncs the publication anyway). */
  refreshing: () => boolean;
  /** Serves the newest logged publication (Publisher#sync). */
  sync: () => unknown;
  /** Re-establishes the notification connection if it dropped (Coordination#maintain). */
  maintain: () => void;
}

/**
 * Polls the publication log every `everyMs` for publications logged elsewhere (another process sharing the store,
 * a notice that was lost), skipping the read while this process's own refresh runs. The embedded store answers
 * synchronously, and while the refresh's process was writing, one read of the log held the serving thread for
 * 72 ms (a CPU profile of the service under the soak, 2026-11-24: the reads at the poll's phase took 0–72 ms during
 * refreshes, ~0 otherwise). Skipping loses nothing: the refresh's end syncs, and the next poll reads what another
 * process logged meanwhile. Returns the function that stops the poll.
 */
export function pollPublications(deps: PublicationPollDeps): () => void {
  const timer = setInterval(() => {
    deps.maintain();
    if (!deps.refreshing()) void deps.sync();
  }, deps.everyMs);
  return () => clearInterval(timer);
}
