/**
 * The text of a server-drawn SVG chart as boxes, to check that no two labels collide and none runs off the image.
 * ECharts writes each label as one <text> placed by a translate (or matrix) transform, with optional x/y offsets,
 * anchored at its start, middle or end and centred vertically (dominant-baseline="central"). The width is an
 * estimate — `CHAR_EM` em a character, under what system-ui and Inter draw for digits and lower case — so a box is a
 * little smaller than the drawn text: two boxes that overlap are two labels that overlap on screen.
 */
export interface TextBox {
  text: string;
  font: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const CHAR_EM = 0.5;

const unentity = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

export function svgTextBoxes(svg: string): TextBox[] {
  const boxes: TextBox[] = [];
  for (const [, attrs = '', raw = ''] of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    const text = unentity(raw);
    if (text.trim() === '') continue;
    const font = Number(/font-size:\s*([\d.]+)px/.exec(attrs)?.[1] ?? /font:[^;"]*?([\d.]+)px/.exec(attrs)?.[1] ?? 12);
    const [tx, ty] = translation(attrs);
    const x = tx + Number(/\sx="([-\d.]+)"/.exec(attrs)?.[1] ?? 0);
    const y = ty + Number(/\sy="([-\d.]+)"/.exec(attrs)?.[1] ?? 0);
    const width = text.length * font * CHAR_EM;
    const anchor = /text-anchor="(\w+)"/.exec(attrs)?.[1] ?? 'start';
    const left = anchor === 'end' ? x - width : anchor === 'middle' ? x - width / 2 : x;
    const central = /dominant-baseline="central"/.test(attrs);
    const top = central ? y - font / 2 : y - 0.8 * font;
    boxes.push({ text, font, left, right: left + width, top, bottom: top + font });
  }
  return boxes;
}

function translation(attrs: string): [number, number] {
  const translate = /transform="translate\(([-\d.]+)[ ,]+([-\d.]+)\)"/.exec(attrs);
  if (translate) return [Number(translate[1]), Number(translate[2])];
  const matrix = /transform="matrix\(([-\d.e ,]+)\)"/.exec(attrs);
  if (matrix) {
    const m = matrix[1]!.split(/[ ,]+/).map(Number);
    return [m[4]!, m[5]!];
  }
  return [0, 0];
}

/** Pairs of labels whose boxes overlap by more than `slack` px both ways, as "a" / "b". */
export function overlappingLabels(boxes: readonly TextBox[], slack = 1): string[] {
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across > slack && down > slack) out.push(`"${a.text}" / "${b.text}"`);
    }
  }
  return out;
}

/** The SVG's own width and height. */
export function svgSize(svg: string): { width: number; height: number } {
  const open = /<svg[^>]*>/.exec(svg)?.[0] ?? '';
  return { width: Number(/\swidth="(\d+)"/.exec(open)?.[1]), height: Number(/\sheight="(\d+)"/.exec(open)?.[1]) };
}

/**
 * The value labels of each vertical axis: numeric labels sharing one anchor and one x, top to bottom. Example: a
 * left axis of 0, 30, 60, 90, 100 drawn end-anchored at x = 28 → [[100, 90, 60, 30, 0] as boxes].
 */
export function verticalAxes(svg: string): TextBox[][] {
  const axes = new Map<string, TextBox[]>();
  for (const [whole, attrs = '', raw = ''] of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    if (!/^[−-]?[\d,.]+%?$/.test(raw.trim())) continue;
    const anchor = /text-anchor="(\w+)"/.exec(attrs)?.[1];
    if (anchor !== 'end' && anchor !== 'start') continue;
    const [x] = translation(attrs);
    const key = `${anchor}@${x.toFixed(1)}`;
    axes.set(key, [...(axes.get(key) ?? []), ...svgTextBoxes(whole)]);
  }
  return [...axes.values()].filter((labels) => labels.length >= 3).map((l) => l.sort((a, b) => a.top - b.top));
}
