import { type ObjectOptions, type TProperties, Type } from '@sinclair/typebox';

/** An object schema with these properties and no other. */
export const closed = <T extends TProperties>(properties: T, options: ObjectOptions = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });
