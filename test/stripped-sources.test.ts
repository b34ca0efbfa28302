import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const PROBE = 'test/support/stripper-probe.ts';

/** Runs the probe as `npm start` runs the service: with the hook imported and NODE_COMPILE_CACHE set (or not). */
function probe(cache: string | undefined): { main: boolean; worker: boolean } {
  const env = { ...process.env, NODE_COMPILE_CACHE: cache };
  if (!cache) delete env.NODE_COMPILE_CACHE;
  const out = execFileSync(process.execPath, ['--import', './bin/stripped-sources.js', PROBE], {
    env,
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

describe('the stripped TypeScript sources are kept (bin/stripped-sources.js)', () => {
  const cache = mkdtempSync(join(tmpdir(), 'usdl-stripped-'));
  after(() => rmSync(cache, { recursive: true, force: true }));

  it('a start with the cache filled loads no TypeScript stripper, on the serving thread or a worker thread', () => {
    assert.deepEqual(probe(cache), { main: true, worker: false }, 'the first start strips (once) and keeps');
    assert.equal(readdirSync(join(cache, 'stripped')).length, 1, 'one entry per source');
    assert.deepEqual(probe(cache), { main: false, worker: false }, 'the next start reads the kept sources');
  });

  it('run as a script (npm install does), keeps every source beforehand: even a first start loads no stripper', () => {
    const fresh = mkdtempSync(join(tmpdir(), 'usdl-stripped-'));
    try {
      execFileSync(process.execPath, ['bin/stripped-sources.js'], {
        env: { ...process.env, NODE_COMPILE_CACHE: fresh },
      });
      const sources = readdirSync('src', { recursive: true }).filter((name) => String(name).endsWith('.ts'));
      const distinct = new Set(sources.map((name) => readFileSync(join('src', String(name)), 'utf8')));
      assert.equal(readdirSync(join(fresh, 'stripped')).length, distinct.size, 'an entry per distinct source');
      // The probe is a test file, not a source: only the serving thread's own stripping of it shows.
      const first = execFileSync(
        process.execPath,
        [
          '--import',
          './bin/stripped-sources.js',
          '--input-type=module',
          '-e',
          "await import('./src/timeseries/dates.ts'); process.stdout.write(String(process.moduleLoadList.some((n) => n.includes('amaro'))))",
        ],
        { env: { ...process.env, NODE_COMPILE_CACHE: fresh }, encoding: 'utf8' },
      );
      assert.equal(first, 'false');
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('is off without NODE_COMPILE_CACHE: Node strips as usual', () => {
    assert.deepEqual(probe(undefined), { main: true, worker: true });
  });
});
