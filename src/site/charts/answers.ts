import { CACHE_CONTROL } from '../../publish/cache-policy.ts';
import { keptAnswers, MIB, responseBytes } from '../../publish/kept.ts';
import { type Admit, isBusy } from '../../publish/on-demand/gate.ts';
import { type PreparedResponse, prepareBody, withHeaders } from '../../publish/prepared-response.ts';
import type { ChartAnswer, ChartClient, ChartQuery } from '../../publish/site-port.ts';
import { chartFileName } from '../downloads.ts';
import { withPageHeaders } from '../page/headers.ts';
import type { SiteData } from '../site-data.ts';
import { ChartsBusy, chartsPending, MAX_PENDING_CHARTS, renderChart } from './renderer.ts';
import { chartSpec } from './specs.ts';
import type { ChartStyle } from './svg.ts';
import { queryKey } from './window.ts';

/**
 * A publication's charts, drawn on the chart thread on first request and kept in LRUs bounded in bytes (SVG and
 * PNG apart). A drawing asked by a client runs as its share of the on-demand work (`admit`); requests for a chart
 * being drawn share the one drawing; a drawing whose clients all went away is dropped.
 */
export function siteCharts(data: SiteData, byId: ReadonlyMap<string, SiteData['indicators'][number]>) {
  // ~300 SVGs of 6–12 kB.
  const chartCache = keptAnswers<PreparedResponse>('charts (SVG)', { bytes: 4 * MIB, sizeOf: responseBytes });
  // PNGs (downloads, social images; ~100 kB each, 20× an SVG) get a small cache of their own, so that a trickle of
  // distinct PNGs cannot fill the SVGs' and grow the process; their Cache-Control lets a CDN keep them instead.
  const pngCache = keptAnswers<PreparedResponse>('charts (PNG)', { bytes: 8 * MIB, sizeOf: responseBytes });
  const cacheFor = (format: 'svg' | 'png') => (format === 'png' ? pngCache : chartCache);
  // A chart is drawn on the chart thread; requests for it meanwhile share the one drawing.
  const drawing = new Map<string, { drawn: Promise<ChartAnswer> } & Waiters>();
  const chart = (
    id: string,
    query: ChartQuery,
    style: ChartStyle,
    format: 'svg' | 'png' = 'svg',
    client?: ChartClient,
    admit?: Admit,
  ): ChartAnswer | Promise<ChartAnswer> => {
    const key = `${id}|${queryKey(query)}|${style}|${format}`;
    const cached = cacheFor(format).get(key);
    if (cached) return cached;
    const inFlight = drawing.get(key);
    if (inFlight) {
      inFlight.wait(client);
      return inFlight.drawn;
    }
    const spec = chartSpec(id, query, style, byId, data);
    if (spec === undefined) return undefined;
    // A full queue: the oldest drawing whose clients have all half-closed (they may have left) yields its place.
    if (chartsPending() >= MAX_PENDING_CHARTS) [...drawing.values()].find((d) => d.yieldable())?.drop();
    const controller = new AbortController();
    const draw = () => renderChart(spec, format, controller.signal);
    // Asked by a client: drawn as its share of the on-demand work (publish/on-demand/gate.ts), or busy past it.
    const started = admit ? admitted(admit, key, draw, controller.signal) : draw();
    const drawn = started
      .then((body) => {
        const type = format === 'png' ? 'image/png' : 'image/svg+xml; charset=utf-8';
        // Shown where it is opened, saved under what it holds and to when (tga-2026-08-27.png).
        const to = byId.get(id)?.latestDate ?? data.history?.to;
        const response = withHeaders(withPageHeaders(prepareBody(body, type, CACHE_CONTROL.chart, 200, 'if-idle')), {
          'content-disposition': `inline; filename="${chartFileName(id, query, to ?? undefined, format)}"`,
        });
        cacheFor(format).set(key, response);
        return response;
      })
      .catch((cause: unknown): ChartAnswer => {
        if (cause instanceof ChartsBusy) return 'busy';
        // Dropped because every client that asked for it went away: no one reads this answer.
        if (controller.signal.aborted) return undefined;
        throw cause;
      })
      .finally(() => {
        if (drawing.get(key)?.drawn === drawn) drawing.delete(key);
      });
    const entry = { drawn, ...waiters(controller, () => drawing.delete(key)) };
    drawing.set(key, entry);
    entry.wait(client);
    return drawn;
  };
  /**
   * A drawing within the bound. Past it, a drawing whose clients have all half-closed (they may have left: the
   * server answers a half-closed client, so it is not known to be gone) yields its place, once; then the drawing is
   * busy.
   */
  async function admitted(admit: Admit, key: string, draw: () => Promise<Buffer>, signal: AbortSignal) {
    const first = await admit(`chart|${key}`, draw, signal);
    if (!isBusy(first)) return first;
    const yielding = [...drawing].find(([other, d]) => other !== key && d.yieldable())?.[1];
    if (!yielding) throw new ChartsBusy();
    yielding.drop();
    await yielding.drawn.catch(() => undefined);
    const second = await admit(`chart|${key}`, draw, signal);
    if (isBusy(second)) throw new ChartsBusy();
    return second;
  }
  return chart;
}

interface Waiters {
  wait(client: ChartClient | undefined): void;
  /** Every client waiting has gone away or half-closed, and no caller without a connection waits. */
  yieldable(): boolean;
  /** Drops the drawing: it leaves the queue, and a later request draws it afresh. */
  drop(): void;
}

/**
 * Who waits for a drawing: it is dropped (`controller` aborted, and `forget` called so a new request draws it
 * afresh) once every client that asked for it has gone away. A caller without a connection (a publication's
 * warm-up, inject()) keeps it. Example: two clients ask, both disconnect → dropped; a warm-up asked too → kept.
 */
function waiters(controller: AbortController, forget: () => void): Waiters {
  const clients: ChartClient[] = [];
  let kept = false;
  const drop = () => {
    if (controller.signal.aborted) return;
    forget();
    controller.abort();
  };
  return {
    wait(client) {
      if (!client) {
        kept = true;
        return;
      }
      clients.push(client);
      client.gone.addEventListener(
        'abort',
        () => {
          if (!kept && clients.every((c) => c.gone.aborted)) drop();
        },
        { once: true },
      );
    },
    yieldable: () => !kept && clients.every((c) => c.gone.aborted || c.halfClosed()),
    drop,
  };
}
