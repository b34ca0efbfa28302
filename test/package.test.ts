import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * The package as `npm publish` would ship it (`npm pack --dry-run`): what `npx usd-liquidity` would run once it is
 * published. Everything the service reads at run time must be in it — the compiled build, the bin, the bootstrap
 * snapshot, the blog and the methodology the site renders — and nothing only a developer needs.
 */
describe('the published package', () => {
  it('holds what the service reads at run time, and not the sources, tests or benchmarks', () => {
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }),
    ) as Array<{ name: string; files: Array<{ path: string }> }>;
    const files = new Set(pack!.files.map((f) => f.path));
    assert.equal(pack!.name, 'usd-liquidity');
    for (const path of [
      'package.json',
      'bin/usd-liquidity.js',
      'build/cli.js',
      'build/service.js',
      'build/processes/refresh.js',
      'build/site/client/site.js',
      'bootstrap/manifest.json',
      'bootstrap/snapshot.json.gz',
      'docs/methodology.md',
      'README.md',
    ])
      assert.ok(files.has(path), path);
    assert.ok(
      [...files].some((f) => f.startsWith('content/blog/')),
      'the blog',
    );
    for (const f of files) assert.doesNotMatch(f, /^(src|test|bench|node_modules|data)\//, f);
  });

  it('`npm run mcp` starts the build made at install, compiling nothing (a host gives up on a slow start)', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    assert.match(scripts.prepare!, /build/, 'npm install builds');
    assert.doesNotMatch(scripts.mcp!, /build|tsc/);
    assert.match(scripts.mcp!, /bin\/usd-liquidity\.js mcp$/);
  });

  it('installs for production in at most 250 packages (371 with exceljs; issue 42)', () => {
    // The production tree as `npm install --omit=dev` lays it out, read from the installed one: every line after
    // the first (the project itself) is a package. Measured in a clean directory, see the report.
    const paths = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(1);
    assert.ok(paths.length <= 250, `${paths.length} packages`);
    assert.ok(!paths.some((p) => /node_modules\/exceljs$/.test(p)), 'exceljs is a devDependency (tests read with it)');
  });
});
