import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

/**
 * The one-way flow (README, "Architecture"): which folder may import which. timeseries/ is the ground floor and
 * imports nothing of ours; analytics/ are pure functions over the vocabulary; the site and the HTTP layer are two
 * readers of what publish/ builds, and neither imports the other; the composition root (src/*.ts and src/processes/) wires them.
 */
const ALLOWED: Record<string, string[]> = {
  timeseries: [],
  providers: ['timeseries'],
  store: ['timeseries'],
  ingest: ['timeseries', 'providers', 'store'],
  analytics: ['timeseries'],
  publish: ['timeseries', 'store', 'analytics'],
  site: ['timeseries', 'publish'],
  http: ['timeseries', 'analytics', 'publish'],
};

const SRC = resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const layerOf = (file: string) => {
  const parts = relative(SRC, file).split('/');
  // The composition root: src/*.ts, and the entry points of the service's child processes (src/processes/).
  return parts.length === 1 || parts[0] === 'processes' ? 'root' : parts[0]!;
};

describe('architecture', () => {
  it('no import runs against the flow', () => {
    const violations: string[] = [];
    for (const file of sources(SRC)) {
      const from = layerOf(file);
      if (from === 'root') continue;
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const to = layerOf(resolve(dirname(file), spec!));
        if (to !== from && !ALLOWED[from]!.includes(to)) violations.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    assert.deepEqual(violations, []);
  });

  it('no source file is longer than 450 lines without saying why at its top', () => {
    const long = sources(SRC).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return text.split('\n').length > 450 && !/longer than the others/.test(text.slice(0, 600));
    });
    assert.deepEqual(
      long.map((f) => relative(SRC, f)),
      [],
    );
  });

  it('no function is longer than 80 lines unless its comment says it is a declarative table (issue 40)', () => {
    const long: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const line = (at: number) => source.getLineAndCharacterOfPosition(at).line;
          const lines = line(node.end) - line(node.getStart()) + 1;
          const comment = text.slice(node.getFullStart(), node.getStart());
          if (lines > 80 && !/declarative table/.test(comment))
            long.push(`${relative(SRC, file)}:${line(node.getStart()) + 1} (${lines} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    assert.deepEqual(long, []);
  });
});

/**
 * Every import cycle among the sources through imports that run (`import type` is erased by the build and ties no
 * module's loading to another's).
 */
function importCycles(): string[][] {
  const edges = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const runtime = text.replace(/^import type [^;]+;$/gm, '').replace(/^export type [^;]+;$/gm, '');
    const targets = [...runtime.matchAll(/(?:from|import\() ?'(\.[^']+\.ts)'/g)].map(([, spec]) =>
      resolve(dirname(file), spec!),
    );
    edges.set(file, targets);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)).map((f) => relative(SRC, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('imports', () => {
  it('form no cycle: each module can be read after the ones it imports', () => {
    assert.deepEqual(importCycles(), []);
  });
});
