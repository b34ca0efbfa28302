/**
 * `npm run bench:memory`: the service's resident memory under the loads that grew it without bound before
 * issues 13 and 28 — 100,000 distinct `days` windows, 5,000 distinct chart URLs, 5,000 distinct PNG charts (random
 * start, end and compare, two connections; BENCH_PNG_COUNT), a crawl of every archive page, then a trickle of one
 * distinct PNG a second (BENCH_TRICKLE_SECONDS, default 600) — and a minute after the load stops. Targets: under 300 MB
 * throughout, flat under the trickle, back down within a minute. The service runs as `npm start` runs it, pinned
 * to core 0; the load comes from this process (core 1).
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
// Random but reproducible: a small linear congruential generator, so every run asks the same URLs.
let seed = 28;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
// Chart ranges are drawn by whole months (other dates are redirected): months from 2000 to 2026.
const month = (from: number, span: number, last: boolean) => {
  const m = from + Math.floor(random() * span);
  const day = last ? new Date(Date.UTC(2000, m + 1, 0)) : new Date(Date.UTC(2000, m, 1));
  return day.toISOString().slice(0, 10);
};
const pngUrl = () => {
  const id = INDICATOR_IDS[Math.floor(random() * INDICATOR_IDS.length)]!;
  const other = INDICATOR_IDS[Math.floor(random() * INDICATOR_IDS.length)]!;
  const start = month(0, 200, false);
  const end = random() < 0.5 ? `&end=${month(200, 110, true)}` : '';
  return `/charts/${id}.png?start=${start}${end}${random() < 0.3 ? `&compare=${other}` : ''}`;
};
const pngs = Number(process.env.BENCH_PNG_COUNT ?? 5000);
await phase(
  `${pngs.toLocaleString('en-US')} distinct PNG charts (start, end, compare; 2 connections)`,
  Array.from({ length: pngs }, pngUrl),
  2,
);
const history = (await (await fetch(`${service.base}/api/history`)).json()) as { dates: string[] };
await phase(
  `archive crawl (${history.dates.length} pages)`,
  history.dates.map((d) => `/today/${d}`),
);
const trickle = Number(process.env.BENCH_TRICKLE_SECONDS ?? 600);
if (trickle > 0) {
  const samples: number[] = [];
  for (let s = 0; s < trickle; s++) {
    await fetch(`${service.base}${pngUrl()}`).then((r) => r.arrayBuffer());
    samples.push(service.rssMb());
    await new Promise((r) => setTimeout(r, 1000));
  }
  const minute = (k: number) => samples.slice(k * 60, (k + 1) * 60);
  const max = (xs: number[]) => Math.max(...xs).toFixed(0);
  out(
    `\ntrickle: one distinct PNG a second for ${trickle} s — RSS per minute (max): ${Array.from({ length: Math.ceil(trickle / 60) }, (_, k) => max(minute(k))).join(', ')} MB\n`,
  );
}
const loaded = service.rssMb();
await new Promise((r) => setTimeout(r, 60_000));
clearInterval(sampler);
out(
  `\nresident memory: ${loaded.toFixed(0)} MB when the load stopped, ${service.rssMb().toFixed(0)} MB a minute later\n`,
);
service.stop();
store.remove();
