import { createRequire } from 'node:module';

// ECharts is large; it is loaded on the first chart request, not at start (charts render lazily anyway).
const require = createRequire(import.meta.url);
let library: typeof import('echarts') | undefined;

/** The ECharts library, loaded on first use (on the chart thread: charts/renderer.ts). */
export function echartsLib(): typeof import('echarts') {
  library ??= require('echarts') as typeof import('echarts');
  return library;
}
