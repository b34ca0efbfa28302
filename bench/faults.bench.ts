/**
 * The provider fault table: each fault of test/support/fault-scenarios.ts applied to FRED's WALCL after a good
 * refresh, and what the service then did and kept. `node bench/faults.bench.ts`
 */
import { createProviders } from '../src/providers/providers.ts';
import { FAULT_SCENARIOS, runFaultScenario } from '../test/support/fault-scenarios.ts';
import { createHarness } from '../test/support/harness.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const h = await createHarness({ data: syntheticReplayData({ start: '2021-01-01' }) });
h.providers = createProviders(
  h.replay.providerConfig({ http: { timeoutMs: 500, retries: 1, backoffMs: 5, maxRetryAfterMs: 2_000 } }),
);
await h.refresh();
let minute = 0;
const tick = () => new Date(Date.parse('2026-11-21T12:00:00Z') + 60_000 * minute++);
process.stdout.write(
  '| fault | refresh log | /api/series/fed-balance-sheet | /api/regime | stored (before → after) | stored values intact |\n|---|---|---|---|---|---|\n',
);
for (const scenario of FAULT_SCENARIOS) {
  const o = await runFaultScenario(h, scenario, tick);
  const log = `${o.refreshStatus}: ${o.logged.replace(/http:\/\/127\.0\.0\.1:\d+/g, '…').slice(0, 90) || '—'}`;
  process.stdout.write(
    `| ${scenario.name} | ${log.replaceAll('|', '\\|')} | ${o.servedStatus}, source ${o.servedSource} | ${o.regimeStatus} | ${o.storedBefore} → ${o.storedAfter} | ${o.valuesUnchanged && !o.futureStored ? 'yes' : 'NO'} |\n`,
  );
}
await h.close();
