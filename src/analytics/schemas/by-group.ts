import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { GROUP_IDS, type GroupId } from '../model/spec.ts';

/**
 * An object with one property per model group, each of schema `value`. Typed by group so that `Static<>` keeps the
 * keys: `byGroup(Type.Number())` reads as `Record<GroupId, number>`.
 */
export const byGroup = <T extends TSchema>(value: T, options: { additionalProperties: false; description?: string }) =>
  Type.Object(Object.fromEntries(GROUP_IDS.map((id) => [id, value])) as Record<GroupId, T>, options) as TObject<
    Record<GroupId, T>
  >;
