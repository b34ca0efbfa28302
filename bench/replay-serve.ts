/**
 * `npm run replay`: the providers, replayed on this machine — FRED's graph CSV and API, Treasury Fiscal Data, the NY
 * Fed Markets API and the chart source, each in its real format (test/support/replay-server.ts), serving the real
 * files of ../shared/data/real (generated fixtures when they are absent). Listens on REPLAY_PORT (default 8090) and
 * prints the environment that points `npm start` (or `npm run refresh`) at it. Ctrl-C stops it.
 */
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { startReplayServer } from '../test/support/replay-server.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const port = Number(process.env.REPLAY_PORT ?? 8090);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  process.stderr.write(`REPLAY_PORT must be a port number from 1 to 65535, not "${process.env.REPLAY_PORT}"\n`);
  process.exit(2);
}
const real = hasRealData();
let replay: Awaited<ReturnType<typeof startReplayServer>>;
try {
  replay = await startReplayServer(real ? realReplayData() : syntheticReplayData(), { port });
} catch (error) {
  process.stderr.write(`the replay could not listen on port ${port} (${(error as Error).message}); set REPLAY_PORT\n`);
  process.exit(1);
}
const urls = replay.providerConfig();
const env = {
  FRED_BASE_URL: urls.fredCsvBaseUrl,
  TREASURY_BASE_URL: urls.treasuryBaseUrl,
  NYFED_BASE_URL: urls.nyfedBaseUrl,
  PRICES_BASE_URL: urls.pricesBaseUrl,
  // The replay is on this machine: no need to space the requests as FRED asks.
  FRED_MIN_INTERVAL_MS: '0',
};
const lines = Object.entries(env).map(([name, value]) => `export ${name}=${value}`);
process.stdout.write(
  [
    `replaying ${real ? 'the real files of ../shared/data/real' : 'generated fixtures (../shared/data/real is absent)'} on ${replay.url}`,
    'point the service at it (in another shell):',
    '',
    ...lines,
    'npm start',
    '',
    `or in one line: ${Object.entries(env)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')} npm start`,
    '',
  ].join('\n'),
);
const stop = async () => {
  await replay.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
