/** What a locale's writer is given (the lens facts, formatters) and what it must write. */
export interface Facts {
  posture: string | null;
  pulse: string | null;
  flow: number | null;
  dial: number | null;
  flowDate: string | null;
  bufferPct: number | null;
  bufferState: string | null;
  pathSpreadBps: number | null;
  pathPricing: string | null;
  realYieldPct: number | null;
  realYieldTrendPp: number | null;
  tgaFlow: number | null;
  fiscalPulse: string | null;
  rrpBalanceB: number | null;
  rrpBufferState: string | null;
  dominantFundingLeg: string | null;
  fundingOverride: number | null;
}

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
