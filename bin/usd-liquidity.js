#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536 NODE_COMPILE_CACHE=data/.compile-cache node --max-semi-space-size=4 --concurrent-marking-max-worker-num=1
// Node ≥ 22.18 runs the TypeScript sources directly (type stripping); no build step. The flags keep the resident
// memory of a long-running server low: a small young generation, two malloc arenas, and a compile cache under data/
// for faster restarts; `serve` and `mcp` switch V8 to favour memory once they serve (src/memory-mode.ts). See the
// README's performance section; the same as `npm start`, except that the stripped sources (./stripped-sources.js)
// serve only this thread: worker threads inherit hooks from `--import` alone, which a shebang cannot give with a
// path relative to this file. Imported dynamically: a static import of the CLI would be loaded before the hook.
await import('./stripped-sources.js');
await import('../src/cli.ts');
