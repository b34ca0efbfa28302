import { createRequire } from 'node:module';

// ECharts is large; it is loaded on the first chart request, not at start (charts render lazily anyway).
const require = createRequire(import.meta.url);
let library: typeof import('echarts') | undefined;

/** An ECharts option drawn as an SVG document, the library loaded on first use (on the chart thread: charts/renderer.ts). */
export function renderSvg(width: number, height: number, option: Record<string, unknown>): string {
  library ??= require('echarts') as typeof import('echarts');
  const chart = library.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
