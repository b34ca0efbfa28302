#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536 node --optimize-for-size --max-semi-space-size=4 --concurrent-marking-max-worker-num=1
// The one place where the service's runtime flags live (`npm start` runs this file): V8 favouring memory over speed,
// a small young generation, one helper thread for concurrent marking and two malloc arenas keep a long-running
// server's resident memory low — 1,000 distinct PNG charts peaked at 262 MB with --optimize-for-size against 394 MB
// without, for ~15 % of small-JSON throughput and ~0.4 s of cold start (docs/performance.md, issue 29). It runs
// the JavaScript that `npm install` (prepare) and `npm start` build into build/.
try {
  await import('../build/cli.js');
} catch (cause) {
  if (cause?.code !== 'ERR_MODULE_NOT_FOUND' || !String(cause.message).includes('build/cli.js')) throw cause;
  process.stderr.write('usd-liquidity: build/ is missing: run `npm install` (it builds) or `npm run build`.\n');
  process.exit(1);
}
