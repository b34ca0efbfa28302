import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A linter's command line, as a user runs it from the project (npx finds the devDependency's bin). */
function lint(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Redocly's CLI reports usage and checks for updates over the network unless told not to; CI has no internet.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    execFile(
      'npx',
      ['--no-install', ...args],
      { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

type SpectralResult = { code: string; message: string; path: string[]; severity: number };
type RedoclyProblem = { ruleId: string; message: string; severity: string; location: Array<{ pointer?: string }> };

async function spectral(target: string) {
  // The project's .spectral.yaml is `extends: ["spectral:oas"]`, the ruleset a user names to lint an OpenAPI file.
  const run = await lint(['spectral', 'lint', target, '--format', 'json', '--quiet']);
  const results = JSON.parse(run.stdout || '[]') as SpectralResult[];
  // DiagnosticSeverity: 0 error, 1 warning, 2 information, 3 hint.
  const errors = results.filter((r) => r.severity === 0).map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`);
  return { code: run.code, errors, warnings: results.filter((r) => r.severity === 1).length };
}

async function redocly(target: string) {
  const run = await lint(['redocly', 'lint', target, '--extends', 'recommended', '--format', 'json']);
  const { problems } = JSON.parse(run.stdout) as { problems: RedoclyProblem[] };
  const errors = problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
  return { code: run.code, errors, warnings: problems.length - errors.length };
}

/**
 * The served OpenAPI document passes two linters nobody here wrote, run exactly as a user runs them from the
 * command line against the running service (issue 42: the library calls this test made before passed where
 * `spectral lint` found 10 errors): Spectral's `spectral:oas` and Redocly's `recommended`, zero errors each.
 * Each linter is also shown live, failing a broken copy of the document. One linter process at a time.
 */
describe('the served OpenAPI document under the linters’ command lines', () => {
  let h: Harness;
  let url: string;
  let dir: string;
  let text: string;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/openapi.json`;
    text = await (await fetch(url)).text();
    dir = mkdtempSync(join(tmpdir(), 'usdl-lint-'));
  });
  after(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('spectral lint <served document>: no error under spectral:oas', async () => {
    const result = await spectral(url);
    if (result.warnings > 0) console.log(`spectral: ${result.warnings} warnings`);
    assert.deepEqual(result.errors, []);
    assert.equal(result.code, 0);
    // Live: two operations sharing an operationId is an error under spectral:oas.
    const doc = JSON.parse(text);
    const [first, second] = Object.values(doc.paths as Record<string, { get?: { operationId: string } }>);
    second!.get!.operationId = first!.get!.operationId;
    const broken = join(dir, 'duplicate-operation-id.json');
    writeFileSync(broken, JSON.stringify(doc));
    const failed = await spectral(broken);
    assert.ok(
      failed.errors.some((e) => e.startsWith('operation-operationId-unique')),
      failed.errors.join('\n'),
    );
    assert.notEqual(failed.code, 0);
  });

  it('redocly lint <served document>: no error under recommended', async () => {
    const result = await redocly(url);
    if (result.warnings > 0) console.log(`redocly: ${result.warnings} warnings`);
    assert.deepEqual(result.errors, []);
    assert.equal(result.code, 0);
    // Live: without its root `security: []` the document fails security-defined.
    const broken = join(dir, 'unsecured.json');
    writeFileSync(broken, JSON.stringify({ ...JSON.parse(text), security: undefined }));
    const failed = await redocly(broken);
    assert.ok(
      failed.errors.some((e) => e.startsWith('security-defined')),
      failed.errors.join('\n'),
    );
    assert.notEqual(failed.code, 0);
  });
});
