import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { keptAnswers, keptBudgets } from '../../src/publish/kept.ts';

const SRC = resolve(import.meta.dirname, '../../src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** Issue 40, point 3: one cache mechanism, owned in one place, bounded in bytes, for every answer kept. */
describe('answers kept: one mechanism, bounded in bytes', () => {
  it('drops the least recently used values past its bytes, whatever their number', () => {
    const kept = keptAnswers<string>('test strings', { bytes: 100, sizeOf: (s) => s.length });
    for (let i = 0; i < 1000; i++) kept.set(`k${i}`, 'x'.repeat(10));
    assert.equal(kept.size, 10);
    assert.ok(kept.calculatedSize <= 100);
    assert.ok(kept.has('k999') && !kept.has('k0'));
    assert.equal(keptBudgets().get('test strings'), 100);
  });

  it('is the only cache of answers in src/ (the rate limiter keeps counters per client, not answers)', () => {
    const others = sources(SRC)
      .filter((file) => /new LRUCache|from 'lru-cache'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    assert.deepEqual(others.sort(), ['http/rate-limit.ts', 'publish/kept.ts']);
  });

  it('keeps nothing beside a response outside a budget: no map keyed by a prepared response', () => {
    // The MCP fast path kept each body escaped in a WeakMap by response: a copy per answer asked, in no budget.
    const beside = sources(SRC)
      .filter((file) => /new (Weak)?Map<\s*PreparedResponse\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    assert.deepEqual(beside, []);
  });
});
