#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536 NODE_COMPILE_CACHE=data/.compile-cache node --max-semi-space-size=4
// Node ≥ 22.18 runs the TypeScript sources directly (type stripping); no build step. The flags keep the resident
// memory of a long-running server low: a small young generation, two malloc arenas, and a compile cache under data/
// for faster restarts; `serve` and `mcp` switch V8 to favour memory once they serve (src/memory-mode.ts). See the
// README's performance section; the same as `npm start`.
import '../src/cli.ts';
