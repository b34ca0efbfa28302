import { DelegateBackoff, handleWhen, type IRetryBackoffContext, retry } from 'cockatiel';
import type { ProviderBreaker } from './circuit-breaker.ts';
import { ProviderError, type ProviderErrorKind } from './provider-error.ts';
import type { RateLimiter } from './rate-limiter.ts';

export interface HttpPolicy {
  timeoutMs: number;
  /** Extra attempts after the first one, for transient failures only. */
  retries: number;
  /** First backoff delay; doubles per attempt, randomized up to ×2. */
  backoffMs: number;
  /** Longest wait honoured from a Retry-After header; longer waits fail the attempt instead. */
  maxRetryAfterMs: number;
  /**
   * Largest body read, counted after decompression as it streams in: a larger one (or a gzip bomb) is cut off
   * there and refused, so one response costs at most this much memory. The largest real response is a page of
   * 10,000 Fiscal Data rows (a few MB).
   */
  maxBodyBytes?: number;
}

export const DEFAULT_HTTP_POLICY: HttpPolicy = {
  timeoutMs: 30_000,
  retries: 3,
  backoffMs: 1_000,
  maxRetryAfterMs: 60_000,
};

const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface RequestContext {
  source: string;
  seriesId: string;
  limiter: RateLimiter;
  policy: HttpPolicy;
  /** Text that must not appear in errors or logs (API keys). */
  redact?: string;
  /** Where a parser reports rows it rejected (the refresh shows them); absent in unit tests. */
  notes?: string[];
  /** Told of each retry as it is about to happen (the CLI shows it; the service logs it). */
  onRetry?: (notice: RetryNotice) => void;
  /**
   * False for a source whose 429 means "this client is refused" rather than "slow down": the chart source
   * answers scripted clients 429 with a plain-text body whatever its Retry-After says, so waiting never helps.
   */
  retryRateLimited?: boolean;
  /** Aborts every request and wait of this series (the refresh's time budget ran out). */
  signal?: AbortSignal;
  /** Fails requests at once while the provider is unreachable (see circuit-breaker.ts). */
  breaker?: ProviderBreaker;
}

export interface HttpText {
  status: number;
  contentType: string;
  body: string;
}

/** A retry about to happen: the refresh shows and logs it. */
export interface RetryNotice {
  source: string;
  seriesId: string;
  /** The attempt that failed (1 = the first). */
  attempt: number;
  retriesLeft: number;
  error: ProviderError;
}

/**
 * GETs a URL through the provider's rate limiter with a timeout, retrying transient failures (timeouts,
 * connection errors, 5xx, 429 with a Retry-After it may honour) by cockatiel's retry policy: exponential backoff
 * with jitter (backoffMs × 2^(n−1) × 1–2), plus the Retry-After wait. Every failure becomes a ProviderError that
 * names the source and series; a body that is HTML where data was expected is refused.
 */
export async function getText(url: string, ctx: RequestContext): Promise<HttpText> {
  const policy = retry(
    handleWhen((error) => !ctx.signal?.aborted && toProviderError(error, ctx).retryable),
    {
      maxAttempts: ctx.policy.retries,
      backoff: new DelegateBackoff((context: IRetryBackoffContext<unknown>) => {
        const error = 'error' in context.result ? context.result.error : undefined;
        const exponentialMs = ctx.policy.backoffMs * 2 ** (context.attempt - 1) * (1 + Math.random());
        return exponentialMs + (error instanceof RetryAfterError ? error.waitMs : 0);
      }),
    },
  );
  policy.onRetry((reason) => {
    if (!('error' in reason)) return;
    const retriesLeft = ctx.policy.retries - reason.attempt + 1;
    ctx.onRetry?.({ ...names(ctx), attempt: reason.attempt, retriesLeft, error: toProviderError(reason.error, ctx) });
  });
  const attempt = () =>
    ctx.breaker ? ctx.breaker.run(() => attemptOnce(url, ctx), names(ctx)) : attemptOnce(url, ctx);
  try {
    return await policy.execute(() => ctx.limiter.schedule(attempt), ctx.signal);
  } catch (error) {
    throw toProviderError(error, ctx);
  }
}

export async function getJson(url: string, ctx: RequestContext): Promise<unknown> {
  const response = await getText(url, ctx);
  try {
    return JSON.parse(response.body);
  } catch {
    throw failure(ctx, 'parse', `response is not valid JSON (${preview(response.body)})`);
  }
}

class RetryAfterError extends ProviderError {
  readonly waitMs: number;
  constructor(ctx: RequestContext, waitMs: number) {
    super({ ...names(ctx), kind: 'rate-limited', status: 429, message: `HTTP 429, retry after ${waitMs} ms` });
    this.waitMs = waitMs;
  }
}

async function attemptOnce(url: string, ctx: RequestContext): Promise<HttpText> {
  let response: Response;
  let body: string;
  const cut = new AbortController();
  const signals = [AbortSignal.timeout(ctx.policy.timeoutMs), cut.signal, ...(ctx.signal ? [ctx.signal] : [])];
  try {
    response = await fetch(url, {
      signal: AbortSignal.any(signals),
      headers: { accept: 'application/json, text/csv;q=0.9, */*;q=0.5', 'user-agent': 'usd-liquidity/0.1' },
    });
    body = await boundedText(response, ctx, cut);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (ctx.signal?.aborted) throw budgetError(ctx);
    throw networkError(error, ctx);
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (response.status === 429) {
    const waitMs = retryAfterMs(response.headers.get('retry-after'));
    const retry = ctx.retryRateLimited !== false;
    if (retry && waitMs !== undefined && waitMs <= ctx.policy.maxRetryAfterMs) throw new RetryAfterError(ctx, waitMs);
    if (retry) throw failure(ctx, 'rate-limited', 'HTTP 429 Too Many Requests', 429);
    const refusal = `HTTP 429 Too Many Requests (${preview(body)}): the source refuses scripted clients; not retried`;
    throw failure(ctx, 'refused', refusal, 429);
  }
  if (!response.ok) {
    const message = `HTTP ${response.status} from ${redactUrl(url, ctx.redact)} (${preview(body)})`;
    throw failure(ctx, 'http', message, response.status);
  }
  if (looksLikeHtml(body, contentType)) {
    throw failure(ctx, 'html', `expected data but got an HTML page (${preview(body)})`);
  }
  if (body.trim() === '') throw failure(ctx, 'empty', 'empty response body where data was expected');
  return { status: response.status, contentType, body };
}

/**
 * The body as text, read chunk by chunk (already decompressed by fetch) and refused once it passes the policy's `maxBodyBytes`:
 * the connection is aborted there, so neither a huge response nor a small compressed one that inflates without
 * end can take more memory than that.
 */
async function boundedText(response: Response, ctx: RequestContext, cut: AbortController): Promise<string> {
  if (!response.body) return '';
  const maxBytes = ctx.policy.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      cut.abort();
      await reader.cancel().catch(() => {});
      if (ctx.signal?.aborted) throw budgetError(ctx);
      const mb = Math.round(maxBytes / 1024 / 1024);
      throw failure(
        ctx,
        'too-large',
        `response body larger than ${mb} MB (after decompression): refused, connection closed`,
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

function failure(ctx: RequestContext, kind: ProviderErrorKind, message: string, status?: number): ProviderError {
  return new ProviderError({ ...names(ctx), kind, message, status });
}

function budgetError(ctx: RequestContext): ProviderError {
  return failure(ctx, 'budget', 'the refresh ran out of its time budget before this series completed');
}

function networkError(error: unknown, ctx: RequestContext): ProviderError {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return failure(ctx, 'timeout', `no complete response within ${ctx.policy.timeoutMs} ms`);
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return failure(ctx, 'network', `request failed: ${detail}`);
}

function toProviderError(error: unknown, ctx: RequestContext): ProviderError {
  if (error instanceof ProviderError) return error;
  if (ctx.signal?.aborted) return budgetError(ctx);
  return failure(ctx, 'network', String((error as Error)?.message ?? error));
}

function names(ctx: RequestContext): { source: string; seriesId: string } {
  return { source: ctx.source, seriesId: ctx.seriesId };
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function looksLikeHtml(body: string, contentType: string): boolean {
  if (contentType.toLowerCase().includes('text/html')) return true;
  return /^<(!doctype html|html|head|body)/.test(body.trimStart().slice(0, 200).toLowerCase());
}

function preview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat || '<empty>';
}

function redactUrl(url: string, secret: string | undefined): string {
  return secret ? url.split(secret).join('<redacted>') : url;
}
