import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The file URL of a module under src/ (to import from a script run by runWithNatives). Example: 'http/app.ts'. */
export function srcModuleUrl(path: string): string {
  return pathToFileURL(join(import.meta.dirname, '../../src', path)).href;
}

/**
 * Runs an ES module's text in a child process with V8's natives syntax (%HaveSameMap…) and any further flags, and
 * returns the JSON it wrote to stdout.
 */
export function runWithNatives(script: string, flags: readonly string[] = []): unknown {
  const file = join(mkdtempSync(join(tmpdir(), 'natives-')), 'script.mjs');
  writeFileSync(file, script);
  return JSON.parse(execFileSync(process.execPath, ['--allow-natives-syntax', ...flags, file], { encoding: 'utf8' }));
}
