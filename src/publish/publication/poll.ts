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
 * a notice that was lost), skipping the read while this process's own refresh runs: the embedded store answers
 * synchronously, and a read while the refresh's process writes holds the serving thread. Skipping loses nothing:
 * the refresh's end syncs, and the next poll reads what another process logged meanwhile. Returns the function
 * that stops the poll.
 */
export function pollPublications(deps: PublicationPollDeps): () => void {
  const timer = setInterval(() => {
    deps.maintain();
    if (!deps.refreshing()) void deps.sync();
  }, deps.everyMs);
  return () => clearInterval(timer);
}
