import { errorMessage } from '../../timeseries/error-message.ts';
import { svgToPng } from './png.ts';
import { type ChartSpec, chartSvg } from './svg.ts';

/** A chart to draw on the chart worker thread (charts/renderer.ts), as SVG text or PNG bytes. */
export interface ChartTask {
  spec: ChartSpec;
  format: 'svg' | 'png';
}

/** The chart's bytes (an SVG document as UTF-8, or a PNG file), or why it could not be drawn. */
export type ChartTaskResult = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

export default async function render(task: ChartTask): Promise<ChartTaskResult> {
  try {
    const svg = chartSvg(task.spec);
    // TextEncoder's array is exactly the text: a small Buffer.from() would be a view of a shared 8 kB pool,
    // and the whole pool would be copied across to the serving thread.
    return { ok: true, bytes: task.format === 'png' ? await svgToPng(svg) : new TextEncoder().encode(svg) };
  } catch (cause) {
    return { ok: false, error: errorMessage(cause) };
  }
}
