import { type SchemaOptions, type TSchema, Type } from '@sinclair/typebox';

/** A string field with a fixed set of values (an enum as a union of literals), described. */
export const literals = <const T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

/** A schema, or null. */
export const nullable = <T extends TSchema>(schema: T, options?: SchemaOptions) =>
  Type.Union([schema, Type.Null()], options);

/** The same, or null until the inputs exist (the lens fields). */
export const nullableLiterals = <const T extends string>(values: readonly T[], description: string) =>
  Type.Union([...values.map((v) => Type.Literal(v)), Type.Null()], {
    description: `${description} Null until its inputs exist.`,
  });
