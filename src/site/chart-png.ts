import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

// The native rasterizer is loaded on the first PNG request, not at start (as ECharts is, in charts.ts).
const require = createRequire(import.meta.url);
let resvg: typeof import('@resvg/resvg-js') | undefined;

/**
 * PNG versions of the SVG charts (downloads, and the Open Graph image: social sites do not show SVG), rasterized
 * by resvg. Fonts are given as files: asking resvg to scan every system font costs about a second per render,
 * one or two files cost about a millisecond. Liberation Sans ships with Debian's chromium (which CI installs) and
 * DejaVu Sans with most distributions; on a machine with neither, resvg scans the system fonts (slow, but correct).
 */
const FONT_FILES = [
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
];

let fonts: { files: string[]; family: string } | undefined;
function fontOptions() {
  if (!fonts) {
    const files = FONT_FILES.filter((file) => existsSync(file));
    fonts = { files, family: files.some((f) => f.includes('Liberation')) ? 'Liberation Sans' : 'DejaVu Sans' };
  }
  return {
    loadSystemFonts: fonts.files.length === 0,
    fontFiles: fonts.files,
    defaultFontFamily: fonts.family,
    sansSerifFamily: fonts.family,
  };
}

/** An SVG document as PNG, at `scale` × its size (2 for sharp text on high-density screens). */
export function svgToPng(svg: string, scale = 2): Buffer {
  resvg ??= require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  const png = new resvg.Resvg(svg, {
    font: fontOptions(),
    fitTo: { mode: 'zoom', value: scale },
    background: '#ffffff',
  })
    .render()
    .asPng();
  return Buffer.from(png);
}
