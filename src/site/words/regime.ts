import type { RegimeBody } from '../../publish/resources/model.ts';

type SubIndices = RegimeBody['subIndices'];
type GroupKey = keyof SubIndices;
/** The inputs of each group that have no current data on the reading's date. */
export type MissingInputs = Partial<Record<GroupKey, Array<{ id: string; name: string }>>>;

/**
 * The regime in the words a trader uses, one sentence per group sub-index (0 loosest … 100 tightest reading):
 * quantity (`policy`), price (`funding`), backstops, and market stress (`risk`). A sub-index from 60 up reads
 * tight, up to 35 loose, in between neither (backstops, read as new draws: from 40 a fresh draw, from 5 a fading
 * one). The funding inputs are spreads ranked against their last five years, so their sentence compares with those
 * years: SOFR 3 bp below IORB can be dear, and "at or above the floor" beside it was untrue. A group read without some of its inputs names them; the quantity sentence speaks only of the inputs it has.
 * Example: { policy: 72, funding: 81, backstops: 0, risk: 20 } → "Reserves are getting scarce and net liquidity
 * grew less (or fell more) over its window than on most days of the last five years.", "Overnight funding costs more against the Fed's floor than on most days of the last five years: cash is dear.", "No new draw on the Fed's
 * backstops.", "Equity volatility is low (a confirming input)."
 */
export function regimeInWords(
  subIndices: SubIndices,
  missing: MissingInputs = {},
  silent: ReadonlySet<GroupKey> = new Set(),
  flowSpan = 'its window',
): string[] {
  const lines: string[] = [];
  // A group none of whose inputs has current data speaks in the past: what its last readings said.
  const without = (group: GroupKey, line: string) => {
    if (silent.has(group))
      return `No current data; the last readings said: ${line.charAt(0).toLowerCase()}${line.slice(1)}`;
    const absent = missing[group] ?? [];
    return absent.length === 0
      ? line
      : `${line.slice(0, -1)} (read without ${absent.map((m) => m.name).join(', ')}: no current data).`;
  };
  const quantityLine = quantity(subIndices.policy, new Set((missing.policy ?? []).map((m) => m.id)), flowSpan);
  lines.push(silent.has('policy') ? without('policy', quantityLine) : quantityLine);
  lines.push(
    subIndices.funding === null
      ? 'Overnight funding rates: no current data.'
      : without(
          'funding',
          pick(
            subIndices.funding,
            "Overnight funding costs more against the Fed's floor than on most days of the last five years: cash is dear.",
            "Overnight funding costs less against the Fed's floor than on most days of the last five years: cash is plentiful.",
            "Overnight funding trades near its usual place against the Fed's floor.",
          ),
        ),
  );
  const backstops = subIndices.backstops;
  if (backstops !== undefined) {
    lines.push(
      backstops === null
        ? "The Fed's backstops: no current data."
        : without(
            'backstops',
            backstops >= 40
              ? "A fresh draw on the Fed's backstops: banks, dealers or foreign central banks are borrowing dollars from the Fed."
              : backstops >= 5
                ? "A recent draw on the Fed's backstops is fading."
                : "No new draw on the Fed's backstops.",
          ),
    );
  }
  if (subIndices.risk !== null && subIndices.risk !== undefined) {
    lines.push(
      without(
        'risk',
        pick(
          subIndices.risk,
          'Equity volatility is high (a confirming input).',
          'Equity volatility is low (a confirming input).',
          'Equity volatility is ordinary (a confirming input).',
        ),
      ),
    );
  }

  return lines;
}

/**
 * The quantity sentence from the inputs it has: reserves / bank assets, net liquidity, or both. The flow is ranked
 * against its last five years, so its words compare with them: a flow that ranks loose may still be negative (in
 * years of quantitative tightening), and "net liquidity is growing" beside a fall was untrue. `flowSpan` is the
 * flow's window in words ("182 days", from the model's description).
 */
function quantity(value: number | null, absent: ReadonlySet<string>, flowSpan: string): string {
  const reserves = !absent.has('reserve-ratio');
  const flow = !absent.has('net-liquidity') && !absent.has('core-net-liquidity');
  if (value === null || (!reserves && !flow)) return 'Reserves and net liquidity: no current data.';
  const flowWords = pick(
    value,
    `net liquidity grew less (or fell more) over ${flowSpan} than on most days of the last five years`,
    `net liquidity grew more (or fell less) over ${flowSpan} than on most days of the last five years`,
    `net liquidity's change over ${flowSpan} is about usual for the last five years`,
  );
  if (!reserves)
    return `${flowWords.charAt(0).toUpperCase()}${flowWords.slice(1)} (reserves / bank assets: no current data).`;
  if (!flow)
    return `${pick(value, 'Reserves are getting scarce', 'Reserves are ample', 'Reserves are neither ample nor scarce')} (net liquidity: no current data).`;
  return `${pick(value, 'Reserves are getting scarce and', 'Reserves are ample and', 'Reserves are neither ample nor scarce, and')} ${flowWords}.`;
}

/** What an input's move did to the reading, by its direction. */
export const EFFECT = {
  tightening: 'pushed toward tighter',
  easing: 'pushed toward looser',
  neutral: 'barely moved it',
};

function pick(value: number, tight: string, loose: string, middle: string): string {
  if (value >= 60) return tight;
  if (value <= 35) return loose;
  return middle;
}
