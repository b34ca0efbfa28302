import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { CURRENT_MODEL } from '../src/analytics/model/versions.ts';
import { API_VERSION } from '../src/http/api-changelog.ts';
import { createRefreshedHarness, type Harness } from './support/harness.ts';

/**
 * docs/api.md shows real answers, trimmed. Its examples once went stale for three releases unnoticed — the regime
 * of a model two versions old, the API version of the first release — because nothing compared them with what the
 * service answers. Here every JSON example that follows a `curl` of a GET is compared with the service's answer to
 * the same request (on the suite's generated fixtures, so values differ and only their kind is compared):
 * - every field shown exists, with a value of the same kind (a number, a string, an array…; null matches any);
 * - an object that shows no `"…": "…"` shows every field the service answers, so a new field is documented or
 *   its omission marked;
 * - the versions it names (API, model, service) are the service's.
 */
const DOC = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
const OMITTED = '…';
const VERSION_FIELDS = new Set(['version', 'modelVersion', 'serviceVersion']);
/** Fields served only in some states, which the fixtures do not reach: an input read from the bootstrap snapshot. */
const SOMETIMES_SERVED = new Set(['vintageFrom']);

interface Example {
  path: string;
  json: unknown;
  line: number;
}

/** A ```json block right after a ```sh block holding one plain `curl -s` of a GET (no header, no method). */
function examples(doc: string): Example[] {
  const found: Example[] = [];
  const blocks = [...doc.matchAll(/```(\w*)\n([\s\S]*?)```/g)];
  for (let i = 1; i < blocks.length; i++) {
    const [sh, json] = [blocks[i - 1]!, blocks[i]!];
    if (json[1] !== 'json' || sh[1] !== 'sh') continue;
    const between = doc.slice(sh.index! + sh[0].length, json.index!);
    const curls = sh[2]!.trim().split('\n');
    const request = /^curl -s '?localhost:8080(\/[^' ]*)'?$/.exec(curls[0]!);
    if (between.trim() !== '' || curls.length !== 1 || !request) continue;
    found.push({ path: request[1]!, json: JSON.parse(json[2]!), line: doc.slice(0, json.index!).split('\n').length });
  }
  return found;
}

const kind = (value: unknown): string => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** Where `shown` differs from `served` beyond its values (see above); empty when it is a faithful trim. */
function differences(shown: unknown, served: unknown, at: string): string[] {
  if (shown === OMITTED || shown === null || served === null) return [];
  if (kind(shown) !== kind(served)) return [`${at}: shown as ${kind(shown)}, served as ${kind(served)}`];
  if (Array.isArray(shown)) {
    const items = served as unknown[];
    if (items.length === 0) return [];
    return shown.flatMap((item, i) => differences(item, items[Math.min(i, items.length - 1)], `${at}[${i}]`));
  }
  if (typeof shown !== 'object') return [];
  const [shownFields, servedFields] = [shown as Record<string, unknown>, served as Record<string, unknown>];
  const problems = Object.entries(shownFields).flatMap(([name, value]) => {
    if (name === OMITTED) return [];
    if (!(name in servedFields)) return SOMETIMES_SERVED.has(name) ? [] : [`${at}.${name}: shown, not served`];
    if (VERSION_FIELDS.has(name) && typeof value === 'string' && value !== servedFields[name]) {
      return [`${at}.${name}: shown as ${value}, served as ${String(servedFields[name])}`];
    }
    return differences(value, servedFields[name], `${at}.${name}`);
  });
  if (OMITTED in shownFields) return problems;
  const missing = Object.keys(servedFields).filter((name) => !(name in shownFields));
  return [...problems, ...missing.map((name) => `${at}.${name}: served, neither shown nor marked "…"`)];
}

describe('docs/api.md', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('shows every JSON example as the service answers it now', async () => {
    const found = examples(DOC);
    assert.ok(found.length >= 6, `found ${found.length} examples`);
    const problems: string[] = [];
    for (const example of found) {
      const served: unknown = (await h.app.inject(example.path)).json();
      const where = `docs/api.md:${example.line} GET ${example.path}`;
      problems.push(...differences(example.json, served, '$').map((problem) => `${where} ${problem}`));
    }
    assert.deepEqual(problems, []);
  });

  it('names the current API and model versions wherever it names one as current', () => {
    assert.match(DOC, new RegExp(`"version": "${API_VERSION.replaceAll('.', '\\.')}"`));
    for (const [, version] of DOC.matchAll(/^#+ .*\(model `(dli-\d+)`\)/gm))
      assert.equal(version, CURRENT_MODEL.version);
  });

  it('catches a stale example (control)', () => {
    const served = { version: '2.0.0', meta: { unit: 'bps', added: 1 }, data: [{ date: '2026-01-01', value: 1 }] };
    assert.deepEqual(differences({ version: '2.0.0', meta: { unit: 'bps', added: 1 }, data: [] }, served, '$'), []);
    assert.deepEqual(
      differences({ version: '1.1.0', meta: { unit: 'bps', [OMITTED]: OMITTED }, data: [] }, served, '$'),
      ['$.version: shown as 1.1.0, served as 2.0.0'],
    );
    assert.deepEqual(differences({ version: '2.0.0', meta: { unit: 3 }, data: [{ day: 'x' }] }, served, '$'), [
      '$.meta.unit: shown as number, served as string',
      '$.meta.added: served, neither shown nor marked "…"',
      '$.data[0].day: shown, not served',
      '$.data[0].date: served, neither shown nor marked "…"',
      '$.data[0].value: served, neither shown nor marked "…"',
    ]);
  });
});
