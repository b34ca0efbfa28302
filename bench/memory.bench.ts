/**
 * `npm run bench:memory`: the service's resident memory under the loads that grew it without bound before
 * issue 13 — 100,000 distinct `days` windows, 5,000 distinct chart URLs, a crawl of every archive page — and
 * a minute after the load stops. Target: under 250 MB throughout, back down within a minute. The service runs as
 * `npm start` runs it, pinned to core 0; the load comes from this process (core 1).
 */
import autocannon from 'autocannon';
import { INDICATOR_IDS } from '../src/timeseries/series.ts';
import { benchStore } from './bench-store.ts';
import { startService } from './service-process.ts';

const store = await benchStore();
const service = await startService({ DATABASE_URL: `sqlite:${store.database}`, REFRESH_ON_START: 'false' }, 0);
const out = (text: string) => process.stdout.write(text);
let peak = service.rssMb();
const sampler = setInterval(() => {
  peak = Math.max(peak, service.rssMb());
}, 100);

async function phase(name: string, paths: string[], connections = 6): Promise<void> {
  peak = service.rssMb();
  const before = peak;
  let i = 0;
  const t0 = performance.now();
  const result = await autocannon({
    url: service.base,
    connections,
    amount: paths.length,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[i++ % paths.length]!;
          return request;
        },
      },
    ],
  });
  const seconds = (performance.now() - t0) / 1000;
  out(
    `| ${name} | ${result.requests.total} | ${seconds.toFixed(0)} | ${result.errors + result.timeouts} | ${result['2xx']} / ${result['3xx']} / ${result['4xx']} / ${result['5xx']} | ${before.toFixed(0)} | ${peak.toFixed(0)} | ${service.rssMb().toFixed(0)} |\n`,
  );
}

out(
  `usd-liquidity memory benchmark — ${store.real ? 'real files' : 'synthetic fixtures'}, node ${process.version}\n\nafter start: ${service.rssMb().toFixed(0)} MB\n\n| load | requests | s | errors | 2xx / 3xx / 4xx / 5xx | RSS before (MB) | RSS peak (MB) | RSS after (MB) |\n|---|---|---|---|---|---|---|---|\n`,
);
const days = INDICATOR_IDS.flatMap((id) => Array.from({ length: 4000 }, (_, d) => `/api/series/${id}?days=${d + 1}`));
// Interleave ids so every series sees the whole range during the sweep.
days.sort((a, b) => Number(a.split('=')[1]) - Number(b.split('=')[1]));
await phase('100,000 distinct days windows (25 ids × days 1–4000)', days);
const ids = [...INDICATOR_IDS, 'headline', 'headline-gauge'];
const charts = Array.from(
  { length: 5000 },
  (_, k) => `/charts/${ids[k % ids.length]}.svg?days=${1 + ((k * 7919) % 4000)}&style=${k % 2 ? 'spark' : 'line'}`,
);
await phase('5,000 distinct chart URLs', charts);
const history = (await (await fetch(`${service.base}/api/history`)).json()) as { dates: string[] };
await phase(
  `archive crawl (${history.dates.length} pages)`,
  history.dates.map((d) => `/today/${d}`),
);
const loaded = service.rssMb();
await new Promise((r) => setTimeout(r, 60_000));
clearInterval(sampler);
out(
  `\nresident memory: ${loaded.toFixed(0)} MB when the load stopped, ${service.rssMb().toFixed(0)} MB a minute later\n`,
);
service.stop();
store.remove();
