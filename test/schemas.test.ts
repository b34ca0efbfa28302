import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import type { Static } from '@sinclair/typebox';
import ts from 'typescript';
import type { License as LicenseSchema, SeriesVintages } from '../src/publish/schemas/series.ts';
import type { License } from '../src/timeseries/licenses.ts';
import type { VintageRow } from '../src/timeseries/vintages.ts';

/**
 * Schema first (issue 40): a response's shape is written once, as a TypeBox schema (analytics/schemas/ for what
 * the model computes, publish/schemas/ for what is served), and the code's types are Static<> of it. This test
 * finds any interface or object type written by hand with exactly the fields of a schema's object.
 */
const SRC = resolve(import.meta.dirname, '../src');

/**
 * Shapes that may match a schema's fields by hand, each with why. The ground floor's vocabulary imports nothing,
 * so a schema cannot type it: the schemas describe it instead, and the assertions below keep the two equal.
 */
const WRITTEN_BY_HAND: Record<string, string> = {
  'timeseries/licenses.ts License': 'ground-floor vocabulary; asserted equal to its schema below',
  'timeseries/vintages.ts VintageRow': 'ground-floor vocabulary; asserted equal to its schema below',
  'analytics/stats/welch-t-test.ts WelchResult': 'a statistic (NaN when undefined), not the published shape (null)',
};

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
// Compile-time: `npm test` type-checks this file, so a drift between these and their schemas fails the suite.
const licenseMatches: Equal<License, Static<typeof LicenseSchema>> = true;
const vintageMatches: Equal<VintageRow, Static<typeof SeriesVintages>['vintages'][number]> = true;

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') ? [{ file, text: readFileSync(file, 'utf8') }] : [];
  });
}

const fieldsKey = (names: readonly string[]) => [...new Set(names)].sort().join(',');
const nameOf = (name: ts.PropertyName | undefined) =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? [name.text] : [];

/** The calls that make a schema object: TypeBox's own, and analytics/schemas/closed.ts's (no other properties). */
const SCHEMA_OBJECT_CALLS = new Set(['Type.Object', 'closed']);

interface Shapes {
  /** The field names of every schema object (`Type.Object({...})`) with three or more, and where it is. */
  schemas: Map<string, string>;
  /** Every interface and object type written by hand with three or more fields: what, and its fields. */
  types: Array<{ what: string; fields: string[] }>;
}

/** The shapes in these sources (path and text: the control passes one that is not on disk). */
function shapesOf(files: ReadonlyArray<{ file: string; text: string }>): Shapes {
  const shapes: Shapes = { schemas: new Map(), types: [] };
  for (const { file, text } of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      const [argument] = ts.isCallExpression(node) ? node.arguments : [];
      if (ts.isCallExpression(node) && SCHEMA_OBJECT_CALLS.has(node.expression.getText(source)) && argument) {
        if (ts.isObjectLiteralExpression(argument)) {
          const fields = argument.properties.flatMap((p) => nameOf(p.name));
          if (fields.length >= 3) shapes.schemas.set(fieldsKey(fields), where(node));
        }
      }
      if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
        const fields = node.members.flatMap((m) => (ts.isPropertySignature(m) ? nameOf(m.name) : []));
        const named = ts.isInterfaceDeclaration(node)
          ? node.name.text
          : ts.isTypeAliasDeclaration(node.parent)
            ? node.parent.name.text
            : where(node);
        if (fields.length >= 3) shapes.types.push({ what: `${relative(SRC, file)} ${named}`, fields });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return shapes;
}

function restatedShapes(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  const { schemas, types } = shapesOf(files);
  return types.flatMap(({ what, fields }) => {
    const schema = schemas.get(fieldsKey(fields));
    return schema && !(what in WRITTEN_BY_HAND) ? [`${what} restates the schema at ${schema}`] : [];
  });
}

describe('schemas', () => {
  it('no interface or object type restates a schema: the types are Static<> of the schemas', () => {
    assert.ok(licenseMatches && vintageMatches);
    assert.deepEqual(restatedShapes(sources(SRC)), []);
  });

  it('the check finds a shape written by hand (control)', () => {
    const schema = join(SRC, 'publish/schemas/provenance.ts');
    const byHand = [
      'interface InputProvenance {',
      '  id: string;',
      '  provider: string;',
      '  providerSeriesId: string | null;',
      '  license: string;',
      '  vintageSeenAt: string | null;',
      '  lastDate: string | null;',
      '  vintageFrom?: string;',
      '}',
    ].join('\n');
    const found = restatedShapes([
      { file: schema, text: readFileSync(schema, 'utf8') },
      { file: join(SRC, 'publish/by-hand.ts'), text: byHand },
    ]);
    assert.equal(found.length, 1);
    assert.match(
      found[0]!,
      /^publish\/by-hand\.ts InputProvenance restates the schema at publish\/schemas\/provenance\.ts:\d+$/,
    );
  });

  it('the check sees a schema made by closed() too (control)', () => {
    const schema = ['export const Point = closed({ date: Type.String(), value: Type.Number(), note: Type.String() });'];
    const byHand = ['interface Point {', '  date: string;', '  value: number;', '  note: string;', '}'];
    const found = restatedShapes([
      { file: join(SRC, 'analytics/schemas/point.ts'), text: schema.join('\n') },
      { file: join(SRC, 'analytics/by-hand.ts'), text: byHand.join('\n') },
    ]);
    assert.deepEqual(found, ['analytics/by-hand.ts Point restates the schema at analytics/schemas/point.ts:1']);
  });

  it('every exemption still matches a schema (none is kept after its reason is gone)', () => {
    const { schemas, types } = shapesOf(sources(SRC));
    const matching = new Set(types.filter((t) => schemas.has(fieldsKey(t.fields))).map((t) => t.what));
    assert.deepEqual(
      Object.keys(WRITTEN_BY_HAND).filter((what) => !matching.has(what)),
      [],
    );
  });
});
