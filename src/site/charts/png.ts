import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type ResvgWasm = typeof import('@resvg/resvg-wasm');

/**
 * PNG versions of the SVG charts (downloads, and the Open Graph image: social sites do not show SVG), rasterized
 * by resvg compiled to WebAssembly, whose images are freed explicitly after each chart.
 *
 * Why not the native build (@resvg/resvg-js): its pixmaps (~3.5 MB a chart at 2×) are native memory freed only
 * when V8 collects their small JavaScript wrappers, and the chart thread's heap gives V8 no reason to, so distinct
 * PNGs grow the process without bound. Freed here, the WebAssembly memory is reused chart after chart; it is about
 * twice as slow as native, which PNGs (downloads, not page views) can afford.
 *
 * The font is shipped (Inter, from @expo-google-fonts/inter; the WebAssembly build cannot read system fonts), so a
 * PNG's text is drawn on every machine, and the same on every machine.
 */
let engine: Promise<{ resvg: ResvgWasm; fonts: Uint8Array[] }> | undefined;

function load() {
  engine ??= (async () => {
    const resvg = require('@resvg/resvg-wasm') as ResvgWasm;
    await resvg.initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const fonts = ['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'].map(
      (file) => new Uint8Array(readFileSync(require.resolve(`@expo-google-fonts/inter/${file}`))),
    );
    return { resvg, fonts };
  })();
  return engine;
}

/** An SVG document as PNG, at `scale` × its size (2 for sharp text on high-density screens). */
export async function svgToPng(svg: string, scale = 2): Promise<Uint8Array> {
  const { resvg, fonts } = await load();
  const renderer = new resvg.Resvg(svg, {
    font: { fontBuffers: fonts, defaultFontFamily: 'Inter', sansSerifFamily: 'Inter' },
    fitTo: { mode: 'zoom', value: scale },
    background: '#ffffff',
  });
  try {
    const image = renderer.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    renderer.free();
  }
}
