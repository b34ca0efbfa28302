#!/usr/bin/env -S node --max-semi-space-size=8
// Node ≥ 22.18 runs the TypeScript sources directly (type stripping); no build step. A small young generation
// keeps the resident memory of a long-running server low (see the README's performance section).
import '../src/cli.ts';
