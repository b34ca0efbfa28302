/**
 * `npm run bench:cold-start`: process start → first 200 of /api/regime on a stored publication (its model kept), as
 * `npm start` runs the service, alternated with the same start given extra node flags (BENCH_COMPARE_FLAGS, e.g.
 * `--optimize-for-size`), so that both are measured in the same conditions. Medians of BENCH_STARTS (7) each;
 * the service is pinned to core 0. Also the resident memory each reaches after start.
 */
import { benchStore } from './bench-store.ts';
import { median, startService } from './service-process.ts';

const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const COMPARE = (process.env.BENCH_COMPARE_FLAGS ?? '--optimize-for-size').split(/\s+/).filter(Boolean);
const store = await benchStore();
const env = { DATABASE_URL: `sqlite:${store.database}`, REFRESH_ON_START: 'false' };
// The first start computes and keeps the publication's model: not counted.
(await startService(env, 0)).stop();
const runs: Record<'asIs' | 'compared', { ms: number[]; rssMb: number[] }> = {
  asIs: { ms: [], rssMb: [] },
  compared: { ms: [], rssMb: [] },
};
for (let i = 0; i < STARTS; i++) {
  for (const which of i % 2 === 0 ? (['asIs', 'compared'] as const) : (['compared', 'asIs'] as const)) {
    const service = await startService(env, 0, which === 'compared' ? COMPARE : []);
    runs[which].ms.push(service.startMs);
    runs[which].rssMb.push(service.rssMb());
    service.stop();
  }
}
const line = (name: string, r: { ms: number[]; rssMb: number[] }) =>
  `${name}: median ${Math.round(median(r.ms))} ms (runs ${r.ms.map(Math.round).join(', ')}), resident after start median ${Math.round(median(r.rssMb))} MB`;
process.stdout.write(
  `cold start, ${store.real ? 'real files' : 'synthetic fixtures'}, node ${process.version}, ${STARTS} alternated starts each\n${line('npm start as is', runs.asIs)}\n${line(`with ${COMPARE.join(' ')}`, runs.compared)}\n`,
);
store.remove();
