import type { TObject, TSchema } from '@sinclair/typebox';
import { closed } from './closed.ts';

/**
 * An object with one property per key, each of schema `value`, and no other; typed by key, so that Static<> keeps
 * the keys. Example: keyed(GROUP_IDS, Type.Number()) reads as Record<GroupId, number>.
 */
export const keyed = <K extends string, T extends TSchema>(keys: readonly K[], value: T, description?: string) =>
  closed(
    Object.fromEntries(keys.map((k) => [k, value])) as Record<K, T>,
    description === undefined ? {} : { description },
  ) as TObject<Record<K, T>>;
