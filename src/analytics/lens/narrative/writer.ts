import type { Lens } from '../lens.ts';

/** What a locale's writer is given (the lens facts, formatters) and what it must write. */
export type Facts = Lens['synthesis']['cell'] &
  Pick<Lens['quantity'], 'flow' | 'dial' | 'bufferPct' | 'bufferState'> &
  Pick<Lens['price'], 'pathSpreadBps' | 'pathPricing' | 'realYieldPct' | 'realYieldTrendPp'> &
  Pick<
    Lens['structure'],
    'tgaFlow' | 'fiscalPulse' | 'rrpBalanceB' | 'rrpBufferState' | 'dominantFundingLeg' | 'fundingOverride'
  > & { flowDate: string | null };

export interface Writer {
  labels: Record<string, string>;
  cell(posture: string, pulse: string): string;
  quantity(f: Facts, n: Fmt): string;
  price(f: Facts, n: Fmt): string;
  /**
   * The structure sentence's parts: the TGA's flow and the ON RRP's balance (those that read, joined by `and`), then
   * the funding stress, or the full stop when there is none.
   */
  tga(f: Facts, n: Fmt): string;
  rrp(f: Facts, n: Fmt): string;
  and: string;
  funding(f: Facts, n: Fmt): string;
  fullStop: string;
  limited: string;
}

export interface Fmt {
  num(value: number, digits?: number): string;
  abs(value: number, digits?: number): string;
  date(iso: string): string;
  /** An amount in USD billions written in units of 100 million (亿 / 億 / 억), as East Asian readers count. */
  yi(billions: number): string;
  l(key: string | null): string;
}
