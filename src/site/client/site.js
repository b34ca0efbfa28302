// Progressive enhancement of the site's charts. Every chart is first a server-rendered SVG that reads without
// script; where script runs, this file replaces it by an interactive uPlot chart (crosshair, tooltip with the
// date and value under the pointer) drawn from the same JSON the API serves. Served from /assets/site.js under a
// strict CSP (script-src 'self'): no inline script, no eval, styles set through the CSSOM only.
/* global uPlot */
(() => {
  const COLORS = ['#2563eb', '#d97706'];
  // As the site's cards write values (site-data.ts formatValue): fewer decimals the larger the number.
  const formats = [0, 1, 2].map((d) => new Intl.NumberFormat('en-US', { maximumFractionDigits: d }));
  const number = {
    format: (v) => formats[Math.abs(v) >= 1000 ? 0 : Math.abs(v) >= 100 ? 1 : 2].format(v),
  };
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

  /** [seconds since epoch[], values[]] from a series response or the history. */
  function columns(body, field) {
    if (Array.isArray(body.data)) {
      return [body.data.map((p) => Date.parse(`${p.date}T00:00:00Z`) / 1000), body.data.map((p) => p.value)];
    }
    if (Array.isArray(body.dates)) {
      // A field of a body with a date axis: the history's ("subIndices.funding"; the headline without one) or the
      // rolling correlations' ("rho.spx.netLiquidity").
      const values = field ? field.split('.').reduce((o, k) => o?.[k], body) : body.headline;
      return [body.dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), values];
    }
    throw new Error('unknown chart data');
  }

  /** The site's colours (light or dark, from the stylesheet's variables), so the chart follows the page's theme. */
  function palette() {
    const css = getComputedStyle(document.documentElement);
    const read = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
    return { ink: read('--ink', '#1f2937'), muted: read('--muted', '#4b5563'), line: read('--line', '#e5e7eb') };
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

  /** The static chart's fixed axis: 0–100 for the headline and the sub-indices, −1…1 for a correlation. */
  function rangeOf(head) {
    if (head?.scale === 'bands' || head?.scale === 'percent') return [0, 100];
    if (head?.scale === 'correlation') return [-1, 1];
    return null;
  }

  /** The title, unit and legend (each line's colour, label and last value with its date) above the plot. */
  function chartHead(head, labels, data) {
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
    labels.forEach((label, s) => {
      const values = data[s + 1];
      let k = values.length - 1;
      while (k >= 0 && (values[k] === null || values[k] === undefined)) k--;
      const item = document.createElement('li');
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = COLORS[s];
      item.append(swatch, `${label}: `);
      const last = document.createElement('strong');
      last.textContent = k >= 0 ? number.format(values[k]) : 'no data';
      item.append(last, k >= 0 ? ` (${day.format(new Date(data[0][k] * 1000))})` : '');
      legend.appendChild(item);
    });
    box.append(title, unit, legend);
    return box;
  }

  function tooltipPlugin(labels) {
    let tip;
    return {
      hooks: {
        init: (u) => {
          tip = document.createElement('div');
          tip.className = 'chart-tip';
          tip.setAttribute('role', 'status');
          tip.hidden = true;
          u.over.appendChild(tip);
        },
        setCursor: (u) => {
          const i = u.cursor.idx;
          if (i === null || i === undefined || u.cursor.left < 0) {
            tip.hidden = true;
            return;
          }
          const rows = labels
            .map((label, s) => {
              const value = u.data[s + 1][i];
              return value === null || value === undefined ? '' : `${label}: ${number.format(value)}`;
            })
            .filter(Boolean);
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

  // One download per URL for the whole page: the dashboard draws the headline and every sub-index from the same
  // /api/history (≈ 370 kB). Asked for five times at once, Chromium queued the copies behind its cache lock.
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

  async function enhance(figure) {
    const sources = JSON.parse(figure.dataset.chart);
    // A chart whose SVG says more than a plot of its data (the regime shading) stays as drawn.
    if (sources.length === 0) return;
    const bodies = await Promise.all(sources.map((s) => load(s.url)));
    // A source with `days` shows the same trailing window as the SVG it replaces.
    const tables = bodies
      .map((body, i) => columns(body, sources[i].field))
      .map((table, i) => {
        const s = sources[i];
        if (table[0].length === 0) return table;
        const last = table[0][table[0].length - 1];
        const from = s.from ? Date.parse(`${s.from}T00:00:00Z`) / 1000 : s.days ? last - (s.days - 1) * 86400 : 0;
        const to = s.to ? Date.parse(`${s.to}T00:00:00Z`) / 1000 : last;
        const keep = table[0].map((t, k) => (t >= from && t <= to ? k : -1)).filter((k) => k >= 0);
        return [keep.map((k) => table[0][k]), keep.map((k) => table[1][k])];
      });
    const data = tables.length === 1 ? tables[0] : uPlot.join(tables);
    const labels = sources.map((s) => s.label);
    const head = figure.dataset.head ? JSON.parse(figure.dataset.head) : null;
    const colors = palette();
    const picture = figure.querySelector('picture');
    if (head) picture.after(chartHead(head, labels, data));
    const holder = document.createElement('div');
    holder.className = 'uplot-holder';
    holder.setAttribute('role', 'img');
    holder.setAttribute('aria-label', figure.querySelector('img')?.alt ?? labels.join(', '));
    (figure.querySelector('.chart-head') ?? picture).after(holder);
    const size = () => ({ width: holder.clientWidth, height: holder.clientWidth < 500 ? 240 : 300 });
    const axis = { font: '12px system-ui, sans-serif', stroke: colors.muted, grid: { stroke: colors.line } };
    const range = rangeOf(head);
    const bands = bandsOf(head);
    const plot = new uPlot(
      {
        ...size(),
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        legend: { show: false },
        scales: { x: { time: true }, ...(range ? { y: { auto: false, range } } : {}) },
        axes: [
          axis,
          { ...axis, scale: 'y', size: 56, values: (_u, ticks) => ticks.map((t) => number.format(t)) },
          ...(labels.length > 1
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
        series: [
          {},
          ...labels.map((label, i) => ({ label, scale: i === 0 ? 'y' : 'y2', stroke: COLORS[i], width: 1.8 })),
        ],
        plugins: [tooltipPlugin(labels), ...(bands.length > 0 ? [bandsPlugin(bands)] : [])],
      },
      data,
      holder,
    );
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
      figure.querySelector('.chart-head')?.remove();
    });
  }
})();
