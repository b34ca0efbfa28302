import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { SourceEdit } from './source-edits.ts';

export type Served = Record<string, { status: number; body: string }>;

const run = promisify(execFile);

/**
 * The answers of a refreshed service to `requests` (see served.ts), in a child process whose sources carry
 * `edits` (see source-edits.ts); no edits: the service as checked out.
 */
export async function servedAfterEdits(edits: readonly SourceEdit[], requests: readonly string[]): Promise<Served> {
  const { stdout } = await run(
    process.execPath,
    ['--import', './test/support/source-edits.ts', 'test/support/served.ts', ...requests],
    {
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, LOG_LEVEL: 'silent', USDL_SOURCE_EDITS: JSON.stringify(edits) },
    },
  );
  return JSON.parse(stdout) as Served;
}
