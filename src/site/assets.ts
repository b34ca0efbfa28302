import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CACHE_CONTROL } from '../publish/cache-policy.ts';
import { type PreparedResponse, prepareBody, withHeaders } from '../publish/prepared-response.ts';
import { FAVICON_SVG, STYLESHEET } from './stylesheet.ts';

/**
 * The site's static files: the stylesheet, the icons, the chart enhancement script and the uPlot library it
 * uses (self-hosted from the npm package, so the CSP can stay 'self' only). The same bytes for the life of the
 * process.
 */
const require = createRequire(import.meta.url);

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

function asset(body: string | Buffer, type: string, policy: 'stylesheet' | 'icon'): PreparedResponse {
  return withHeaders(prepareBody(Buffer.from(body), type, CACHE_CONTROL[policy]), {
    'x-content-type-options': 'nosniff',
  });
}

export const STATIC_DOCUMENTS: ReadonlyMap<string, PreparedResponse> = (() => {
  const icon = asset(FAVICON_SVG, 'image/svg+xml', 'icon');
  return new Map<string, PreparedResponse>([
    ['/assets/site.css', asset(STYLESHEET, CSS, 'stylesheet')],
    ['/assets/site.js', asset(readFileSync(new URL('./client/site.js', import.meta.url)), JS, 'stylesheet')],
    ['/assets/uplot.js', asset(readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js')), JS, 'stylesheet')],
    ['/assets/uplot.css', asset(readFileSync(require.resolve('uplot/dist/uPlot.min.css')), CSS, 'stylesheet')],
    ['/favicon.svg', icon],
    ['/favicon.ico', icon],
  ]);
})();
