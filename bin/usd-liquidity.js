#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536 node --heap-growing-percent=10 --max-semi-space-size=4 --concurrent-marking-max-worker-num=1
// The one place where the service's runtime flags live (`npm start` runs this file): each heap grows by 10 % past
// what a full collection kept (V8 otherwise picks a factor from the collector's speed, up to several times), a small
// young generation, one helper thread for concurrent marking and two malloc arenas keep a long-running server's
// resident memory low. Until 2026-11-28 this was --optimize-for-size, which held memory a little lower (bench:stall
// peak 262 against 294 MB) but cost the serving thread ~15 % of its throughput and put the probe's p99 under attack
// over its 50 ms budget (84 and 56 ms against 44): docs/performance.md. It runs the JavaScript that `npm install`
// (prepare) and `npm start` build into build/.
try {
  await import('../build/cli.js');
} catch (cause) {
  if (cause?.code !== 'ERR_MODULE_NOT_FOUND' || !String(cause.message).includes('build/cli.js')) throw cause;
  process.stderr.write('usd-liquidity: build/ is missing: run `npm install` (it builds) or `npm run build`.\n');
  process.exit(1);
}
