/**
 * Serves the real API on data replayed from ../shared/data/real (synthetic fixtures when absent): starts the
 * loopback replay server, points every provider base URL at it, and starts the service on PORT (8080).
 * For demos and the README's example output on machines without internet: `node bench/replay-serve.ts`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { startService } from '../src/service.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { startReplayServer } from '../test/support/replay-server.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const replay = await startReplayServer(hasRealData() ? realReplayData() : syntheticReplayData());
const urls = replay.providerConfig();
const config = loadConfig({
  DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'usd-liquidity-replay-')), 'replay.sqlite')}`,
  FRED_MIN_INTERVAL_MS: '0',
  ...process.env,
  FRED_BASE_URL: urls.fredCsvBaseUrl,
  TREASURY_BASE_URL: urls.treasuryBaseUrl,
  NYFED_BASE_URL: urls.nyfedBaseUrl,
  PRICES_BASE_URL: urls.pricesBaseUrl,
});
const service = await startService(config);
await service.startupRefresh;
process.stdout.write(`replay data ready; serving on ${config.baseUrl}\n`);
process.on('SIGTERM', async () => {
  await service.close();
  await replay.close();
  process.exit(0);
});
