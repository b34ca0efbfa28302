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
    return numberedFromZero(chart.renderToSVGString());
  } finally {
    chart.dispose();
  }
}

/**
 * The SVG with the ids ECharts numbers across the process made the document's own. Its renderer names each
 * instance `zr<n>` and each CSS class `zr<n>-cls-<m>` from counters that run for the process's life, so the same
 * chart read different bytes — another ETag — after other charts were drawn: in another replica, or here once the
 * kept copy was dropped. Renamed in the order they appear (`zr0-cls-0`, …), the same chart is the same bytes.
 * Example: '<path class="zr33-cls-101"/><clipPath id="zr33-c0">' → '<path class="zr0-cls-0"/><clipPath id="zr0-c0">'.
 */
function numberedFromZero(svg: string): string {
  const classes = new Map<string, number>();
  return svg
    .replace(/\bzr\d+-cls-\d+\b/g, (name) => {
      if (!classes.has(name)) classes.set(name, classes.size);
      return `zr0-cls-${classes.get(name)}`;
    })
    .replace(/\bzr\d+-/g, 'zr0-');
}
