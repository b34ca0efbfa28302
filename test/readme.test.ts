import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CONFIG_VARIABLES } from '../src/config.ts';
import { seriesDef } from '../src/timeseries/catalog.ts';
import { licenseOf } from '../src/timeseries/licenses.ts';
import { INDICATOR_IDS } from '../src/timeseries/series.ts';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const OPERATIONS = readFileSync(new URL('../docs/operations.md', import.meta.url), 'utf8');

describe('the README', () => {
  it('is for users: at most 150 lines, the two commands, what 0, 20, 80 and 100 mean', () => {
    assert.ok(README.split('\n').length <= 150, `README has ${README.split('\n').length} lines`);
    assert.ok(README.includes('npm install && npm start') && README.includes('npm install && npm test'));
    for (const figure of ['**0**', '**≤ 20**', '**≥ 80**', '**100**']) assert.ok(README.includes(figure), figure);
  });

  it('every document it links to exists', () => {
    for (const [, target] of README.matchAll(/\]\((docs\/[^)#]+)(?:#[^)]*)?\)/g)) {
      assert.ok(existsSync(new URL(`../${target}`, import.meta.url)), target);
    }
  });

  it('configuration table (docs/operations.md) documents exactly the variables the service reads', () => {
    const section = OPERATIONS.slice(OPERATIONS.indexOf('## Configuration'), OPERATIONS.indexOf('## Command line'));
    const documented = [...section.matchAll(/^\| (`[A-Z_]+`(?: \/ `[A-Z_]+`)*) \|/gm)].flatMap((m) =>
      [...m[1]!.matchAll(/`([A-Z_]+)`/g)].map((v) => v[1]!),
    );
    assert.deepEqual([...documented].sort(), [...CONFIG_VARIABLES].sort());
  });

  it('licence table names every series under the terms the catalog serves in meta.license', () => {
    const section = README.slice(README.indexOf('## Licence'));
    const byTerms: Record<string, string> = {
      'public domain (citation requested)': 'public-domain',
      'copyrighted, citation required': 'citation-required',
      restricted: 'restricted',
    };
    const listed = new Map<string, string>();
    for (const line of section.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      const terms = byTerms[cells[1] ?? ''];
      if (!terms) continue;
      for (const [, id] of (cells[2] ?? '').matchAll(/`([a-z0-9-]+)`/g)) listed.set(id!, terms);
    }
    assert.deepEqual([...listed.keys()].sort(), [...INDICATOR_IDS].sort());
    for (const id of INDICATOR_IDS) assert.equal(listed.get(id), licenseOf(seriesDef(id)!).terms, id);
  });
});
