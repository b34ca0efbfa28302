import type { RegimeBody } from '../publish/resources/model.ts';

/**
 * The regime in the words a trader uses, one sentence per group sub-index (0 loosest … 100 tightest reading):
 * quantity (`policy`), price (`funding`), backstops, and market stress (`risk`). A sub-index from 60 up reads
 * tight, up to 35 loose (backstops: any reading from 5 means some use, from 40 heavy use), in between neither;
 * a group without data says so. Example: { policy: 72, funding: 81, backstops: 0, risk: 20 } → "Reserves are
 * getting scarce and net liquidity is draining.", "Overnight funding trades at or above the Fed's floor: cash is
 * dear.", "The Fed's backstops are idle.", "Equity volatility is low (a confirming input)."
 */
export function regimeInWords(subIndices: RegimeBody['subIndices']): string[] {
  const lines: string[] = [];
  const { policy, funding, backstops, risk } = subIndices;
  lines.push(
    pick(
      policy,
      'Reserves are getting scarce and net liquidity is draining.',
      'Reserves are ample and net liquidity is growing.',
      'Reserves and net liquidity are neither ample nor scarce.',
      'Reserves and net liquidity: no current data.',
    ),
  );
  lines.push(
    pick(
      funding,
      "Overnight funding trades at or above the Fed's floor: cash is dear.",
      "Overnight funding trades comfortably below the Fed's floor: cash is plentiful.",
      "Overnight funding trades near its usual place against the Fed's floor.",
      'Overnight funding rates: no current data.',
    ),
  );
  if (backstops !== undefined) {
    lines.push(
      backstops === null
        ? "The Fed's backstops: no current data."
        : backstops >= 40
          ? "The Fed's backstops are being used heavily (swap lines, repo)."
          : backstops >= 5
            ? "The Fed's backstops see some use."
            : "The Fed's backstops are idle.",
    );
  }
  if (risk !== null && risk !== undefined) {
    lines.push(
      pick(
        risk,
        'Equity volatility is high (a confirming input).',
        'Equity volatility is low (a confirming input).',
        'Equity volatility is ordinary (a confirming input).',
        '',
      ),
    );
  }
  return lines;
}

function pick(value: number | null, tight: string, loose: string, middle: string, none: string): string {
  if (value === null) return none;
  if (value >= 60) return tight;
  if (value <= 35) return loose;
  return middle;
}
