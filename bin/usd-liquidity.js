#!/usr/bin/env node
// Node ≥ 22.18 runs the TypeScript sources directly (type stripping); no build step.
import '../src/cli.ts';
