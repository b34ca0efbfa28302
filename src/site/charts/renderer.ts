import { extname } from 'node:path';
import { Piscina } from 'piscina';
import type { ChartSpec } from './svg.ts';
import render, { type ChartTask, type ChartTaskResult } from './worker.ts';

/**
 * Charts are drawn on one worker thread below the serving thread's priority: ECharts takes 5–70 ms per chart, which
 * on the serving thread would hold every request in flight behind each one. The thread exits 2 s after its last
 * chart, so ECharts' memory is held only while charts are drawn.
 */
let pool: Piscina<ChartTask, ChartTaskResult> | undefined;

/** Charts queued or being drawn at once; one more is refused (`busy`) rather than queued without bound. */
export const MAX_PENDING_CHARTS = 32;

/** How long the chart thread waits for more work before it exits (a page's charts arrive within this). */
const IDLE_MS = 2_000;

function chartPool(): Piscina<ChartTask, ChartTaskResult> {
  pool ??= new Piscina<ChartTask, ChartTaskResult>({
    filename: new URL(`./worker${extname(import.meta.url)}`, import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
    niceIncrement: 10, // as far below as the refresh process (ingest/refresh/own-process.ts)
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return pool;
}

let pending = 0;

/** Charts queued or being drawn (tests, bench). */
export function chartsPending(): number {
  return pending;
}

/** Thrown when MAX_PENDING_CHARTS charts are already waiting. */
export class ChartsBusy extends Error {
  constructor() {
    super(`${MAX_PENDING_CHARTS} charts are already being drawn`);
  }
}

/**
 * A chart's bytes, drawn off the serving thread. If the worker itself cannot run (a chart that cannot be drawn
 * is reported by the worker, not thrown), the chart is drawn here. `signal` aborted: a chart still waiting for the
 * thread is dropped (and frees its place in the queue at once).
 */
export async function renderChart(spec: ChartSpec, format: 'svg' | 'png', signal?: AbortSignal): Promise<Buffer> {
  if (pending >= MAX_PENDING_CHARTS) throw new ChartsBusy();
  pending++;
  // A dropped chart frees its place at once (not when its rejection is handled), so the request that made room
  // for itself by dropping it finds that room.
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    pending--;
  };
  signal?.addEventListener('abort', release, { once: true });
  let result: ChartTaskResult;
  try {
    result = await chartPool().run({ spec, format }, signal ? { signal } : {});
  } catch (cause) {
    if (signal?.aborted) throw cause;
    result = await render({ spec, format });
  } finally {
    signal?.removeEventListener('abort', release);
    release();
  }
  if (!result.ok) throw new Error(`the chart could not be drawn: ${result.error}`);
  // The structured clone gives a plain Uint8Array: wrapped as a Buffer, not copied.
  const { bytes } = result;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Stops the chart thread (at shutdown). */
export async function closeChartRenderer(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
