import type { HistoryBody } from '../publish/resources/model.ts';
import { groupShortName, type SiteData } from './site-data.ts';

type GroupId = keyof HistoryBody['contributions'];

/** One colour per group, by its place in the model's list: blue, amber, red, violet, teal. */
const PALETTE = ['#2563eb', '#d97706', '#dc2626', '#7c3aed', '#0d9488'];

/**
 * The parts of the fixed-scale level, as every chart and table of them shows them: each model group that has a part
 * on some day, the groups of the weighted mean first in the model's order, then the floor (dli-4's backstops: how far
 * the floor lifts the level), each with its short name ("Quantity", "Backstops (floor)") and its colour — the static
 * chart, the interactive one and the tables take them from here, so they stack, name and colour the parts alike.
 */
export function levelParts(data: SiteData) {
  const history = data.history;
  const groups = data.model?.groups ?? [];
  if (!history) return [];
  // The groups of the weighted mean first, the floor last (the sort is stable: the model's order otherwise); each
  // keeps the colour of its place in the model's list.
  const ordered = [...groups].sort((a, b) => Number(a.role === 'floor') - Number(b.role === 'floor'));
  return ordered.flatMap((g) => {
    const values = history.contributions[g.id as GroupId];
    if (!values?.some((v) => v !== null)) return [];
    const name = `${groupShortName(g.name)}${g.role === 'floor' ? ' (floor)' : ''}`;
    return [{ id: g.id as GroupId, name, color: PALETTE[groups.indexOf(g) % PALETTE.length]!, values }];
  });
}

/** Whether the history has a level to break down (dli-4 on). */
export function hasLevel(data: SiteData): boolean {
  return data.history?.level.some((v) => v !== null) ?? false;
}
