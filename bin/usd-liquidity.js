#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536 NODE_COMPILE_CACHE=data/.compile-cache node --max-semi-space-size=16 --optimize-for-size
// Node ≥ 22.18 runs the TypeScript sources directly (type stripping); no build step. The flags keep the resident
// memory of a long-running server low: a small young generation, V8 tuned for size, two malloc arenas, and a
// compile cache under data/ for faster restarts (see the README's performance section; the same as `npm start`).
import '../src/cli.ts';
