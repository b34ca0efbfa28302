import { isoDate } from '../timeseries/dates.ts';
import type { Observation } from '../timeseries/observation.ts';
import { getJson, type RequestContext } from './http-client.ts';
import { parseError } from './provider-error.ts';

/**
 * Keyless daily-price client for the market assets (SPX, QQQ, BTC, gold), speaking the widely used
 * `v8/finance/chart/{symbol}` JSON form: parallel `timestamp` and close arrays, the split- and dividend-adjusted
 * close under `indicators.adjclose` when present. Timestamps are shifted by the exchange's `gmtoffset` so
 * that each close is dated by the exchange's own calendar day.
 */
interface ChartResponse {
  chart?: {
    result?: Array<{
      meta?: { gmtoffset?: number; symbol?: string };
      timestamp?: unknown[];
      indicators?: { quote?: Array<{ close?: unknown[] }>; adjclose?: Array<{ adjclose?: unknown[] }> };
    }> | null;
    error?: { code?: string; description?: string } | null;
  };
}

export async function fetchDailyCloses(
  symbol: string,
  baseUrl: string,
  now: Date,
  ctx: RequestContext,
  since?: string,
) {
  const params = new URLSearchParams({
    period1: since ? String(Date.parse(`${since}T00:00:00Z`) / 1000) : '0',
    period2: String(Math.floor(now.getTime() / 1000)),
    interval: '1d',
    events: 'div,split',
    includeAdjustedClose: 'true',
  });
  const body = await getJson(`${baseUrl}/v8/finance/chart/${encodeURIComponent(symbol)}?${params}`, ctx);
  return parseChart(body as ChartResponse, ctx.source, ctx.seriesId);
}

export function parseChart(body: ChartResponse, source = 'prices', seriesId = 'asset'): Observation[] {
  const fail = (message: string) => parseError({ source, seriesId }, message);
  const error = body?.chart?.error;
  if (error) throw fail(`chart error ${error.code ?? ''}: ${error.description ?? ''}`);
  const result = body?.chart?.result?.[0];
  if (!result) throw fail('JSON has no chart.result');
  const timestamps = result.timestamp;
  const closes = result.indicators?.adjclose?.[0]?.adjclose ?? result.indicators?.quote?.[0]?.close;
  if (!Array.isArray(timestamps) || !Array.isArray(closes)) throw fail('chart has no timestamp/close arrays');
  if (timestamps.length !== closes.length) throw fail('timestamp and close arrays differ in length');
  const offsetSeconds = typeof result.meta?.gmtoffset === 'number' ? result.meta.gmtoffset : 0;
  const out: Observation[] = [];
  for (let i = 0; i < timestamps.length; i++) {
    const ts = timestamps[i];
    const close = closes[i];
    if (typeof ts !== 'number' || !Number.isFinite(ts)) throw fail(`bad timestamp at index ${i}`);
    if (close === null || close === undefined) continue;
    if (typeof close !== 'number' || !Number.isFinite(close))
      throw fail(`non-numeric close "${String(close)}" at index ${i}`);
    const date = isoDate(new Date((ts + offsetSeconds) * 1000));
    out.push({ date, value: close });
  }
  return out;
}
