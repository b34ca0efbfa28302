import type { GroupId, GroupSpec, ModelSpec, ScoredIndicator, Transform } from '../spec.ts';

/** The parts the versions' specs are built from. */

/**
 * A scored input's fields, named: its group, transform, whether a rising value is tighter, the floor of its robust
 * scale (in the transformed value's unit) and its staleness age in days; optionally its label, reading or
 * framework date. Its id is its key in the version's table (`scoredInputs`).
 */
export type InputFields = Omit<ScoredIndicator, 'id'>;

/** A version's scored inputs keyed by id, each given its key as its id (replacing any in its fields), in order. */
export function scoredInputs<K extends string>(table: Record<K, InputFields>): Record<K, ScoredIndicator> {
  const entries = Object.entries<InputFields>(table).map(([id, fields]) => [id, { ...fields, id }]);
  return Object.fromEntries(entries) as Record<K, ScoredIndicator>;
}

/** The transforms most inputs use: the value itself, and its change over `days` calendar days. */
export const LEVEL: Transform = { kind: 'level' };
export const change = (days: number): Transform => ({ kind: 'change', days });

/** One variant of a version's protocol: its id there (V1, V2 …) and the spec it runs. */
export type Variant = { id: string; spec: ModelSpec };

/** The spec of the variant `id` among `variants`, the protocol of `version`. */
export function variantSpec(variants: readonly Variant[], version: string, id: string): ModelSpec {
  const found = variants.find((v) => v.id === id);
  if (!found) throw new Error(`no ${version} variant ${id}`);
  return found.spec;
}

/** Groups in the order of `weights`, named from `names`; the backstops combined by `backstops` when it is given. */
export const namedGroups = (
  names: Record<GroupId, string>,
  weights: Partial<Record<GroupId, number>>,
  backstops?: 'max' | 'mean',
): GroupSpec[] =>
  (Object.keys(weights) as GroupId[]).map((id) => ({
    id,
    name: names[id],
    weight: weights[id]!,
    ...(id === 'backstops' && backstops ? { combine: backstops } : {}),
  }));
