import { numberFormat } from '../../timeseries/intl-formats.ts';

/**
 * What every server-drawn chart draws around its plot — the title, the unit, a legend, the source line under it —
 * placed here line by line rather than left to ECharts, so that nothing runs off the image or onto the plot: each
 * text is wrapped to the layout's width (about 0.56 em a character, 0.6 in bold) and the plot starts under the
 * last line. Also the axes every chart shares: date ticks in words and the fixed scales.
 */
export type LineStyle = 'line' | 'compact';

/**
 * How a line chart is drawn: `line` is 720 × 300 for wide screens, `compact` 360 × 260 for phones. Text is sized
 * so that it stays at least 11 CSS px where each is shown (the page picks `compact` below 760 px: a 720-wide chart
 * squeezed into a phone would shrink 12 px text to under 6 px).
 */
export const LAYOUT: Record<LineStyle, { width: number; height: number; font: number; title: number; right: number }> =
  {
    line: { width: 720, height: 300, font: 12, title: 15, right: 84 },
    compact: { width: 360, height: 260, font: 13, title: 14, right: 72 },
  };

export const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
export const INK = '#1f2937';
export const MUTED = '#4b5563';
export const GRID = '#e5e7eb';

/** Words (split after `separator`) gathered into lines of at most `max` characters. Example: ("a b c", 3, ' ') → ["a b", "c"]. */
export function wrapText(text: string, max: number, separator: ' ' | '/'): string[] {
  const words = separator === ' ' ? text.split(' ') : text.split(/(?<=\/)/);
  const glue = separator === ' ' ? ' ' : '';
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + glue.length + word.length <= max)
      lines[lines.length - 1] = `${last}${glue}${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Characters of a `font`-px text that fit in `width` px (bold is wider). */
function charsIn(width: number, font: number, bold = false): number {
  return Math.floor(width / (font * (bold ? 0.6 : 0.56)));
}

/** A legend entry: its name and colour; `line` draws it as a line (the level over the areas), else a block. */
export interface LegendItem {
  name: string;
  color: string;
  line?: boolean;
}

/** ECharts graphic elements placed from the top (the header) or the bottom (the credit), and the height they take. */
export interface Placed {
  elements: Array<Record<string, unknown>>;
  height: number;
}

/**
 * The title (bold, wrapped), the unit (wrapped) and the legend (entries packed into rows that fit the width), from
 * the top of the image. Example: a 53-character title on a phone chart takes two lines, and the plot starts lower.
 */
export function header(
  parts: { title: string; unit?: string; legend?: readonly LegendItem[] },
  style: LineStyle,
): Placed {
  const layout = LAYOUT[style];
  const usable = layout.width - 16;
  const elements: Array<Record<string, unknown>> = [];
  let y = 6;
  const text = (value: string, size: number, extra: Record<string, unknown> = {}) => {
    elements.push({
      type: 'text',
      left: 8,
      top: y,
      silent: true,
      style: { text: value, fontSize: size, fontFamily: FONT, fill: MUTED, ...extra },
    });
    y += Math.round(size * 1.35);
  };
  for (const line of wrapText(parts.title, charsIn(usable, layout.title, true), ' '))
    text(line, layout.title, { fontWeight: 600, fill: INK });
  if (parts.unit) for (const line of wrapText(parts.unit, charsIn(usable, layout.font), ' ')) text(line, layout.font);
  if (parts.legend && parts.legend.length > 0) y = legendRows(parts.legend, style, y, elements);
  return { elements, height: y };
}

/** The legend's entries, packed left to right into rows that fit the width, from `top`; returns the y under them. */
function legendRows(items: readonly LegendItem[], style: LineStyle, top: number, elements: Placed['elements']): number {
  const layout = LAYOUT[style];
  const rowHeight = Math.round(layout.font * 1.6);
  const swatch = 14;
  let x = 8;
  let y = top + 2;
  for (const item of items) {
    const width = swatch + 5 + Math.ceil(item.name.length * layout.font * 0.56);
    if (x > 8 && x + width > layout.width - 8) {
      x = 8;
      y += rowHeight;
    }
    const middle = y + layout.font / 2;
    elements.push({
      type: 'rect',
      silent: true,
      shape: { x, y: item.line ? middle - 1 : middle - 5, width: swatch, height: item.line ? 2.5 : 10 },
      style: { fill: item.color },
    });
    elements.push({
      type: 'text',
      silent: true,
      left: x + swatch + 5,
      top: y,
      style: { text: item.name, fontSize: layout.font, fontFamily: FONT, fill: INK },
    });
    x += width + 14;
  }
  return y + rowHeight;
}

/**
 * The source line under the plot — who published the data, the date it runs to, and where it came from — so that a
 * downloaded or embedded image still says what it is (as FRED prints on every graph): the source and the date
 * wrapped at spaces, then the page's URL (wrapped after a slash if it must be).
 */
export function creditLines(
  credit: { source: string; dataTo: string; url: string } | undefined,
  style: LineStyle,
): Placed {
  if (!credit) return { elements: [], height: 8 };
  const layout = LAYOUT[style];
  const chars = charsIn(layout.width - 16, layout.font);
  const lines = [
    ...wrapText(`Source: ${credit.source} · data to ${credit.dataTo}`, chars, ' '),
    ...wrapText(credit.url, chars, '/'),
  ];
  return {
    elements: lines.map((line, k) => ({
      type: 'text',
      left: 8,
      bottom: 4 + (lines.length - 1 - k) * (layout.font + 3),
      silent: true,
      style: { text: line, fontSize: layout.font, fill: MUTED, width: layout.width - 16, overflow: 'truncate' },
    })),
    height: lines.length * (layout.font + 3) + 10,
  };
}

/**
 * The option every dated chart shares: the header above the plot (with room for the top axis label, and for the
 * marked day's date), the credit under it, the time axis.
 */
export function datedFrame(style: LineStyle, top: Placed, credit: Placed, right: number, mark: string | undefined) {
  return {
    animation: false,
    useUTC: true,
    textStyle: { fontFamily: FONT, color: INK },
    grid: {
      left: 8,
      right,
      top: top.height + Math.round(LAYOUT[style].font * (mark ? 1.8 : 0.8)),
      bottom: credit.height,
      containLabel: true,
    },
    graphic: [...top.elements, ...credit.elements],
    // Dates in words (DATE_TICKS), fewer ticks on a phone.
    xAxis: {
      type: 'time' as const,
      axisLine: { lineStyle: { color: GRID } },
      axisLabel: { color: MUTED, fontSize: LAYOUT[style].font, hideOverlap: true, formatter: DATE_TICKS },
      splitNumber: style === 'compact' ? 3 : 6,
    },
  };
}

/** A line's last value, written at its end (the number a reader looks for first); none without one. */
export function endLabel(value: number | null | undefined, style: LineStyle): Record<string, unknown> {
  if (value === null || value === undefined) return { show: false };
  return {
    show: true,
    fontSize: LAYOUT[style].font,
    fontWeight: 600,
    color: INK,
    formatter: () => labelNumber(value),
  };
}

/** 1234.5 → "1,235"; 12.345 → "12.35": the axis and last-value labels. */
export function labelNumber(value: number): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return numberFormat('en-US', 0, digits).format(value);
}

/**
 * Date ticks in words, by the level ECharts places them at (dates are UTC days: the option sets useUTC): a year
 * "2026", a month "Jun", a day "Jun 17" — never "6/17".
 */
export const DATE_TICKS = {
  year: '{yyyy}',
  month: '{MMM}',
  day: '{MMM} {d}',
  hour: '{MMM} {d}',
  minute: '{MMM} {d}',
  second: '{MMM} {d}',
  millisecond: '{MMM} {d}',
  none: '{MMM} {d}, {yyyy}',
};

/**
 * A fixed value axis with evenly spaced labels: 0–100 in steps of 20 (the band edges 20 and 80 among them), −1…1
 * in steps of 0.5; on a phone, where the plot is shorter, half as many. ECharts' own steps for 0–100 were 30, which
 * left "90" and "100" crowding each other.
 */
export function fixedAxis(
  scale: 'percent' | 'correlation',
  style: LineStyle,
): { min: number; max: number; interval: number } {
  const phone = style === 'compact';
  return scale === 'percent'
    ? { min: 0, max: 100, interval: phone ? 25 : 20 }
    : { min: -1, max: 1, interval: phone ? 1 : 0.5 };
}

/**
 * A value axis fitted to the data, with at most `steps` (+1) evenly spaced labels on round numbers: ECharts' own
 * choice put seven labels on a phone chart's 110 px. Example: 5,480…6,130 in 3 steps → 5,400…6,200 by 200.
 */
export function fittedAxis(
  values: readonly number[],
  style: LineStyle,
): { min: number; max: number; interval: number } {
  const steps = style === 'compact' ? 3 : 4;
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (!(high > low)) {
    low -= 1;
    high += 1;
  }
  const interval = niceStep((high - low) / steps);
  return { min: Math.floor(low / interval) * interval, max: Math.ceil(high / interval) * interval, interval };
}

/** The round step (1, 2, 2.5 or 5 times a power of ten) at or above `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw * 0.999)!;
  return step * power;
}

/** A day marked on a chart: a dashed vertical line at the day, labelled with it ("Jul 3") above the plot. */
export function dayMark(date: string, style: LineStyle): Record<string, unknown> {
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  return {
    symbol: 'none',
    silent: true,
    lineStyle: { color: INK, type: 'dashed', width: 1.2 },
    label: { formatter: day, position: 'end', color: INK, fontSize: LAYOUT[style].font, fontWeight: 600 },
    data: [{ xAxis: date }],
  };
}
