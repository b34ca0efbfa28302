// Progressive enhancement of the site's charts. Every chart is first a server-rendered SVG that reads without
// script; where script runs, this file replaces it by an interactive uPlot chart drawn from the same JSON the API
// serves: a crosshair and a tooltip under the pointer; reachable by Tab, the crosshair moved by the arrow keys and
// announced in a live region (date, series, value); on a touch screen a sideways swipe moves it while an upward or
// downward one scrolls the page. Served from /assets/site.js under a strict CSP (script-src 'self'): no inline
// script, no eval, styles set through the CSSOM only.
/* global uPlot */
(() => {
  const COLORS = ['#2563eb', '#d97706'];
  // As the site's cards write values (site-data.ts formatValue): fewer decimals the larger the number.
  const formats = [0, 1, 2].map((d) => new Intl.NumberFormat('en-US', { maximumFractionDigits: d }));
  const number = {
    format: (v) => formats[Math.abs(v) >= 1000 ? 0 : Math.abs(v) >= 100 ? 1 : 2].format(v),
  };
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
  const seconds = (iso) => Date.parse(`${iso}T00:00:00Z`) / 1000;

  /** [seconds since epoch[], values[]] from a series response or the history. */
  function columns(body, field) {
    if (Array.isArray(body.data)) {
      return [body.data.map((p) => seconds(p.date)), body.data.map((p) => p.value)];
    }
    if (Array.isArray(body.dates)) {
      // A field of a body with a date axis: the history's ("subIndices.funding", "contributions.policy", "level";
      // the headline without one) or the rolling correlations' ("rho.spx.netLiquidity").
      const values = field ? field.split('.').reduce((o, k) => o?.[k], body) : body.headline;
      return [body.dates.map(seconds), values];
    }
    throw new Error('unknown chart data');
  }

  /** The site's colours (light or dark, from the stylesheet's variables), so the chart follows the page's theme. */
  function palette() {
    const css = getComputedStyle(document.documentElement);
    const read = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
    return { ink: read('--ink', '#1f2937'), muted: read('--muted', '#4b5563'), line: read('--line', '#e5e7eb') };
  }

  /** A colour with an alpha: '#2563eb' → 'rgba(37,99,235,0.5)'. */
  function alpha(hex, a) {
    const n = Number.parseInt(hex.slice(1), 16);
    return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${a})`;
  }

  /**
   * The risk bands of the static chart (80–100 risk-off, 0–20 risk-on), painted under the lines on a 0–100 scale.
   */
  function bandsPlugin(bands) {
    const fill = (u, from, to, color) => {
      const top = u.valToPos(to, 'y', true);
      const bottom = u.valToPos(from, 'y', true);
      u.ctx.fillStyle = color;
      u.ctx.fillRect(u.bbox.left, top, u.bbox.width, bottom - top);
    };
    return {
      hooks: {
        drawClear: (u) => {
          u.ctx.save();
          for (const [from, to, color] of bands) fill(u, from, to, color);
          u.ctx.restore();
        },
      },
    };
  }

  /** The static chart's shaded bands for a head's scale: the risk bands, or a correlation's chance band. */
  function bandsOf(head) {
    if (head?.scale === 'bands') {
      return [
        [80, 100, 'rgba(220,38,38,0.12)'],
        [0, 20, 'rgba(22,163,74,0.12)'],
      ];
    }
    if (head?.scale === 'correlation') return [[-head.chance, head.chance, 'rgba(107,114,128,0.16)']];
    return [];
  }

  /** The static chart's fixed axis: 0–100 for the headline, the sub-indices and the level, −1…1 for a correlation. */
  function rangeOf(head) {
    if (head?.scale === 'bands' || head?.scale === 'percent') return [0, 100];
    if (head?.scale === 'correlation') return [-1, 1];
    return null;
  }

  /**
   * The day a day page is about, marked as the static chart marks it: a dashed line across the plot and the date
   * above it (an element, so that it reads as text).
   */
  function markPlugin(mark, colors) {
    let label;
    return {
      hooks: {
        init: (u) => {
          label = document.createElement('span');
          label.className = 'chart-mark';
          label.textContent = new Intl.DateTimeFormat('en-US', {
            month: 'short',
            day: 'numeric',
            timeZone: 'UTC',
          }).format(new Date(`${mark}T00:00:00Z`));
          u.over.appendChild(label);
        },
        draw: (u) => {
          const x = u.valToPos(seconds(mark), 'x', true);
          u.ctx.save();
          u.ctx.strokeStyle = colors.ink;
          u.ctx.setLineDash([4, 3]);
          u.ctx.lineWidth = 1.2 * devicePixelRatio;
          u.ctx.beginPath();
          u.ctx.moveTo(x, u.bbox.top);
          u.ctx.lineTo(x, u.bbox.top + u.bbox.height);
          u.ctx.stroke();
          u.ctx.restore();
          label.style.left = `${u.valToPos(seconds(mark), 'x')}px`;
        },
      },
    };
  }

  /** The title, unit and legend (each line's colour, label and last value with its date) above the plot. */
  function chartHead(head, lines) {
    const box = document.createElement('div');
    box.className = 'chart-head';
    const title = document.createElement('p');
    title.className = 'chart-title';
    title.textContent = head.title;
    const unit = document.createElement('p');
    unit.className = 'chart-unit';
    unit.textContent = head.unit;
    const legend = document.createElement('ul');
    legend.className = 'chart-legend';
    for (const line of lines) {
      const values = line.values;
      let k = values.length - 1;
      while (k >= 0 && (values[k] === null || values[k] === undefined)) k--;
      const item = document.createElement('li');
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = line.color;
      item.append(swatch, `${line.label}: `);
      const last = document.createElement('strong');
      last.textContent = k >= 0 ? number.format(values[k]) : 'no data';
      item.append(last, k >= 0 ? ` (${day.format(new Date(line.x[k] * 1000))})` : '');
      legend.appendChild(item);
    }
    box.append(title, unit, legend);
    return box;
  }

  /** The values at point i, as the tooltip and the live region say them: "Headline: 83". */
  function rowsAt(lines, i) {
    return lines
      .map((line) => {
        const value = line.values[i];
        return value === null || value === undefined ? '' : `${line.label}: ${number.format(value)}`;
      })
      .filter(Boolean);
  }

  function tooltipPlugin(lines) {
    let tip;
    return {
      hooks: {
        init: (u) => {
          tip = document.createElement('div');
          tip.className = 'chart-tip';
          tip.hidden = true;
          u.over.appendChild(tip);
        },
        setCursor: (u) => {
          const i = u.cursor.idx;
          if (i === null || i === undefined || u.cursor.left < 0) {
            tip.hidden = true;
            return;
          }
          const rows = rowsAt(lines, i);
          if (rows.length === 0) {
            tip.hidden = true;
            return;
          }
          tip.textContent = '';
          const title = document.createElement('strong');
          title.textContent = day.format(new Date(u.data[0][i] * 1000));
          tip.appendChild(title);
          for (const row of rows) {
            const line = document.createElement('span');
            line.textContent = row;
            tip.appendChild(line);
          }
          tip.hidden = false;
          // Never wider than the screen, and kept inside it (on a 320 px phone the plot is narrower than a tip).
          const viewport = document.documentElement.clientWidth;
          tip.style.maxWidth = `${Math.max(120, viewport - 16)}px`;
          const left = u.cursor.left;
          const flip = left > u.over.clientWidth / 2;
          const origin = u.over.getBoundingClientRect().left;
          const wanted = flip ? left - tip.offsetWidth - 12 : left + 12;
          const x = Math.min(Math.max(wanted, 8 - origin), viewport - 8 - origin - tip.offsetWidth);
          tip.style.left = `${x}px`;
          tip.style.top = `${Math.max(0, u.cursor.top - tip.offsetHeight - 8)}px`;
        },
      },
    };
  }

  /**
   * Keyboard and touch: the crosshair moves point by point (←/→; PageUp/PageDown by a tenth of the points; Home/End
   * to the first and last) or under a sideways swipe, and each move is said in the live region: the date, then each
   * series and its value.
   */
  function steer(u, holder, lines, live) {
    const count = u.data[0].length;
    let at = -1;
    const moveTo = (i) => {
      at = Math.max(0, Math.min(count - 1, i));
      // The crosshair's height follows the first series that has a value here (stacked charts: the top of the stack).
      const shown = u.data.slice(1).findLast((s) => s[at] !== null && s[at] !== undefined);
      const top = shown ? u.valToPos(shown[at], u.series[u.data.indexOf(shown)].scale ?? 'y') : u.over.clientHeight / 2;
      u.setCursor({ left: u.valToPos(u.data[0][at], 'x'), top });
      live.textContent = `${day.format(new Date(u.data[0][at] * 1000))}: ${rowsAt(lines, at).join(', ')}.`;
    };
    const step = Math.max(1, Math.round(count / 10));
    holder.addEventListener('keydown', (event) => {
      const from = at < 0 ? count - 1 : at;
      const target = {
        ArrowLeft: from - 1,
        ArrowRight: from + 1,
        PageUp: from - step,
        PageDown: from + step,
        Home: 0,
        End: count - 1,
      }[event.key];
      if (target === undefined) return;
      event.preventDefault();
      moveTo(at < 0 && event.key.startsWith('Arrow') ? count - 1 : target);
    });
    holder.addEventListener('focus', () => {
      if (at < 0) moveTo(count - 1);
    });
    // touch-action: pan-y (stylesheet) gives upward and downward swipes to the page and sideways ones to us.
    u.over.addEventListener('pointermove', (event) => {
      if (event.pointerType !== 'touch') return;
      const left = event.clientX - u.over.getBoundingClientRect().left;
      moveTo(u.posToIdx(Math.max(0, Math.min(u.over.clientWidth, left))));
    });
  }

  /**
   * A stacked chart's lines: each part drawn at the running total of the parts below it (the bands between two
   * running totals filled with the upper part's colour), the total as a line over them; the tooltip and the live
   * region read each part's own value.
   */
  function stacked(x, parts) {
    const running = x.map(() => 0);
    const tops = parts.map((part) => part.values.map((v, k) => (running[k] += v ?? 0)));
    return tops;
  }

  // One download per URL for the whole page: the dashboard draws the headline, the sub-indices and the level's parts
  // from the same /api/history (≈ 500 kB). Asked for at once, Chromium queued the copies behind its cache lock.
  const loads = new Map();
  function load(url) {
    if (!loads.has(url)) {
      loads.set(
        url,
        fetch(url, { headers: { accept: 'application/json' } }).then((r) => {
          if (!r.ok) throw new Error(`${r.status} ${url}`);
          return r.json();
        }),
      );
    }
    return loads.get(url);
  }

  /** Each source's [x, values] within the window it asks for (the SVG's dates), all on one x axis. */
  async function tablesOf(sources) {
    const bodies = await Promise.all(sources.map((s) => load(s.url)));
    const tables = bodies
      .map((body, i) => columns(body, sources[i].field))
      .map((table, i) => {
        const s = sources[i];
        if (table[0].length === 0) return table;
        const last = table[0][table[0].length - 1];
        const from = s.from ? seconds(s.from) : s.days ? last - (s.days - 1) * 86400 : 0;
        const to = s.to ? seconds(s.to) : last;
        const keep = table[0].map((t, k) => (t >= from && t <= to ? k : -1)).filter((k) => k >= 0);
        return [keep.map((k) => table[0][k]), keep.map((k) => table[1][k])];
      });
    return tables.length === 1 ? tables[0] : uPlot.join(tables);
  }

  /** Date ticks in words: a year "2026" on January 1st, a month "Jun" on its first, a day "Jun 17" — never "6/17". */
  function dateTicks(_u, splits) {
    return splits.map((t) => {
      const d = new Date(t * 1000);
      if (d.getUTCDate() !== 1) return `${month.format(d)} ${d.getUTCDate()}`;
      return d.getUTCMonth() === 0 ? String(d.getUTCFullYear()) : month.format(d);
    });
  }

  async function enhance(figure) {
    const sources = JSON.parse(figure.dataset.chart);
    // A chart whose SVG says more than a plot of its data stays as drawn.
    if (sources.length === 0) return;
    const data = await tablesOf(sources);
    const head = figure.dataset.head ? JSON.parse(figure.dataset.head) : null;
    const colors = palette();
    const lines = sources.map((s, i) => ({
      label: s.label,
      color: s.color ?? (head?.stack && i === sources.length - 1 ? colors.ink : COLORS[i]),
      x: data[0],
      values: data[i + 1],
    }));
    // A stacked chart: every source but the last is a part, the last is their total (the level).
    const parts = head?.stack ? lines.slice(0, -1) : [];
    const plotted = head?.stack ? [data[0], ...stacked(data[0], parts), data.at(-1)] : data;
    const picture = figure.querySelector('picture');
    if (head) picture.after(chartHead(head, lines));
    const holder = document.createElement('div');
    holder.className = 'uplot-holder';
    holder.tabIndex = 0;
    holder.setAttribute('role', 'application');
    holder.setAttribute('aria-roledescription', 'chart');
    const alt = figure.querySelector('img')?.alt ?? lines.map((l) => l.label).join(', ');
    holder.setAttribute(
      'aria-label',
      `${alt} Left and right arrow keys read it point by point; Home and End go to the first and the last.`,
    );
    const live = document.createElement('p');
    live.className = 'chart-live';
    live.setAttribute('aria-live', 'polite');
    (figure.querySelector('.chart-head') ?? picture).after(holder, live);
    const size = () => ({ width: holder.clientWidth, height: holder.clientWidth < 500 ? 240 : 300 });
    const axis = { font: '12px system-ui, sans-serif', stroke: colors.muted, grid: { stroke: colors.line } };
    const range = rangeOf(head) ?? (head?.stack ? [0, 100] : null);
    const bands = bandsOf(head);
    const series = head?.stack
      ? [
          {},
          ...parts.map((p, i) => ({
            label: p.label,
            stroke: p.color,
            width: 0.6,
            ...(i === 0 ? { fill: alpha(p.color, 0.55) } : {}),
          })),
          { label: lines.at(-1).label, stroke: colors.ink, width: 1.8 },
        ]
      : [{}, ...lines.map((l, i) => ({ label: l.label, scale: i === 0 ? 'y' : 'y2', stroke: l.color, width: 1.8 }))];
    const plot = new uPlot(
      {
        ...size(),
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        legend: { show: false },
        scales: { x: { time: true }, ...(range ? { y: { auto: false, range } } : {}) },
        axes: [
          { ...axis, values: dateTicks },
          { ...axis, scale: 'y', size: 56, values: (_u, ticks) => ticks.map((t) => number.format(t)) },
          ...(lines.length > 1 && !head?.stack
            ? [
                {
                  ...axis,
                  scale: 'y2',
                  side: 1,
                  grid: { show: false },
                  size: 56,
                  values: (_u, t) => t.map(number.format),
                },
              ]
            : []),
        ],
        series,
        ...(head?.stack
          ? { bands: parts.slice(1).map((p, i) => ({ series: [i + 2, i + 1], fill: alpha(p.color, 0.55) })) }
          : {}),
        plugins: [
          tooltipPlugin(lines),
          ...(bands.length > 0 ? [bandsPlugin(bands)] : []),
          ...(head?.mark ? [markPlugin(head.mark, colors)] : []),
        ],
      },
      plotted,
      holder,
    );
    steer(plot, holder, lines, live);
    figure.classList.add('enhanced');
    let pending = 0;
    window.addEventListener('resize', () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => plot.setSize(size()));
    });
  }

  for (const figure of document.querySelectorAll('figure[data-chart]')) {
    // A chart that cannot be enhanced keeps its SVG: nothing is lost without script or data.
    enhance(figure).catch(() => {
      figure.classList.remove('enhanced');
      figure.querySelector('.uplot-holder')?.remove();
      figure.querySelector('.chart-live')?.remove();
      figure.querySelector('.chart-head')?.remove();
    });
  }
})();
