import type { GroupId, GroupSpec, ModelSpec, ScoredIndicator } from '../spec.ts';

/** The parts the versions' specs are built from. */

/**
 * A scored input: its id, group, transform, whether a rising value is tighter, the floor of its robust scale (in
 * the transformed value's unit) and its staleness age in days; `more` adds its label, reading or framework date.
 */
export const scoredInput = (
  id: string,
  group: GroupId,
  transform: ScoredIndicator['transform'],
  risingIsTighter: boolean,
  minScale: number,
  maxAgeDays: number,
  more: Pick<ScoredIndicator, 'label' | 'reading' | 'startsOn'> = {},
): ScoredIndicator => ({ id, group, transform, risingIsTighter, minScale, maxAgeDays, ...more });

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
