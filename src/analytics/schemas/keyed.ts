import { type TObject, type TSchema, Type } from '@sinclair/typebox';

/**
 * An object with one property per key, each of schema `value`, and no other; typed by key, so that Static<> keeps
 * the keys. Example: keyed(GROUP_IDS, Type.Number()) reads as Record<GroupId, number>.
 */
export const keyed = <K extends string, T extends TSchema>(keys: readonly K[], value: T, description?: string) =>
  Type.Object(
    Object.fromEntries(keys.map((k) => [k, value])) as Record<K, T>,
    description === undefined ? { additionalProperties: false } : { additionalProperties: false, description },
  ) as TObject<Record<K, T>>;
