/**
 * `npm run soak`: sustained load on the service while refreshes run. The service (started as `npm start` starts
 * it) refreshes every 30 s from the replay server; autocannon keeps a mix of endpoints busy for SOAK_SECONDS
 * (default 180). Every 5 s it samples resident memory and, for the regime, the publication version and the
 * ETag. Reports errors, non-2xx answers, memory over time, and whether any publication version was ever
 * served with two different regime ETags.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, replayEnv } from '../test/support/processes.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { startReplayServer } from '../test/support/replay-server.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const replay = await startReplayServer(hasRealData() ? realReplayData() : syntheticReplayData());
const dir = mkdtempSync(join(tmpdir(), 'usd-liquidity-soak-'));
const port = await freePort();
const words = (JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string).split(/\s+/);
const startEnv = Object.fromEntries(
  words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split('=') as [string, string]),
);
const args = words.filter((w) => !/^[A-Z_]+=/.test(w)).slice(1);
const service = spawn(process.execPath, args, {
  env: {
    ...process.env,
    ...startEnv,
    DATABASE_URL: `sqlite:${join(dir, 'soak.sqlite')}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    REFRESH_CRON: '*/30 * * * * *',
    ...replayEnv(replay),
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (;;) {
  const h = await fetch(`${base}/api/health`).then(
    (r) => (r.ok ? r.json() : undefined),
    () => undefined,
  );
  if (h && (h as { publication: { version: number } }).publication.version >= 1) break;
  await new Promise((r) => setTimeout(r, 200));
}
const rss = () =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${service.pid}/status`, 'utf8'))![1]) / 1024);
const samples: Array<{ t: number; rss: number; version: number; etag: string }> = [];
const sample = async (t: number) => {
  const [health, regime] = await Promise.all([
    fetch(`${base}/api/health`).then((r) => r.json()),
    fetch(`${base}/api/regime`, { headers: { 'accept-encoding': 'identity' } }),
  ]);
  samples.push({
    t,
    rss: rss(),
    version: (health as { publication: { version: number } }).publication.version,
    etag: regime.headers.get('etag') ?? '',
  });
};
await sample(0);
const started = Date.now();
const timer = setInterval(() => void sample(Math.round((Date.now() - started) / 1000)), 5_000);
const result = await autocannon({
  url: base,
  connections: 16,
  duration: SECONDS,
  requests: [
    '/api/regime',
    '/api/snapshot',
    '/api/series/tga?days=365',
    '/api/series/net-liquidity?days=4000',
    '/api/history',
    '/api/lens?lang=fr',
    '/api/correlation',
    '/',
    '/methodology.md',
    '/indicators/vix',
    '/charts/vix.svg?days=365',
  ].map((path) => ({
    method: 'GET' as const,
    path,
  })),
});
clearInterval(timer);
await sample(SECONDS);
const etagsByVersion = new Map<number, Set<string>>();
for (const s of samples) etagsByVersion.set(s.version, (etagsByVersion.get(s.version) ?? new Set()).add(s.etag));
const inconsistent = [...etagsByVersion].filter(([, tags]) => tags.size > 1);
const firstMinute = samples.filter((s) => s.t <= 60).map((s) => s.rss);
const lastMinute = samples.filter((s) => s.t >= SECONDS - 60).map((s) => s.rss);
const avg = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
process.stdout.write(
  `${[
    `soak: ${SECONDS} s at 16 connections over 11 endpoints, refreshes every 30 s`,
    `requests: ${result.requests.total} (${Math.round(result.requests.average)}/s), errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, p99 ${result.latency.p99} ms`,
    `publications served: ${[...etagsByVersion.keys()].join(', ')} (${etagsByVersion.size} versions)`,
    `regime ETag per version: ${inconsistent.length === 0 ? 'one per version (no change of response within a version)' : `CHANGED within versions ${inconsistent.map(([v]) => v).join(', ')}`}`,
    `resident memory: first minute avg ${avg(firstMinute)} MB, last minute avg ${avg(lastMinute)} MB, min ${Math.min(...samples.map((s) => s.rss))} MB, max ${Math.max(...samples.map((s) => s.rss))} MB`,
    `memory samples (s: MB): ${samples.map((s) => `${s.t}:${s.rss}`).join(' ')}`,
  ].join('\n')}\n`,
);
service.kill('SIGTERM');
await replay.close();
rmSync(dir, { recursive: true, force: true });
