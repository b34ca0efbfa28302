import { type SchemaOptions, type TSchema, Type } from '@sinclair/typebox';

/** A value of `schema` or null: the union, with its options (a description) on the union as written out before. */
export const nullable = <T extends TSchema>(schema: T, options?: SchemaOptions) =>
  Type.Union([schema, Type.Null()], options);
