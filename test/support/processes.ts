import { createServer } from 'node:net';
import type { ReplayServer } from './replay-server.ts';

/** A TCP port free on loopback right now (for child processes that must be told their port). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The environment that points a child `usd-liquidity` process's providers at the replay server. */
export function replayEnv(replay: ReplayServer): Record<string, string> {
  const urls = replay.providerConfig();
  return {
    FRED_BASE_URL: urls.fredCsvBaseUrl,
    TREASURY_BASE_URL: urls.treasuryBaseUrl,
    NYFED_BASE_URL: urls.nyfedBaseUrl,
    PRICES_BASE_URL: urls.pricesBaseUrl,
    FRED_MIN_INTERVAL_MS: '0',
    // The replay's data, not the project's snapshot of the real files: a store starts empty, as before snapshots.
    BOOTSTRAP_SNAPSHOT: 'off',
  };
}
