/** The site's one stylesheet, served at /assets/site.css (no inline styles anywhere, so the CSP stays strict). */
export const STYLESHEET = `
:root{--ink:#1f2937;--muted:#6b7280;--line:#e5e7eb;--bg:#f9fafb;--card:#fff;--accent:#2563eb;--good:#15803d;--bad:#b91c1c}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}
a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:6px 10px;z-index:2}
.site-header{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;padding:.75rem 1.25rem;background:#0f172a}
.site-header a{color:#e5e7eb;text-decoration:none}
.site-header .brand{font-weight:700;color:#fff;margin-right:auto}
.site-header nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.site-header nav a[aria-current=page]{color:#fff;text-decoration:underline;text-underline-offset:4px}
main{max-width:1100px;margin:0 auto;padding:1rem 1.25rem 3rem}
h1{font-size:1.6rem;margin:.75rem 0 1rem}
h2{font-size:1.25rem;margin:2rem 0 .75rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
h3{font-size:1.05rem;margin:1.5rem 0 .5rem}
p,li{max-width:75ch}
.note,.card-note{color:var(--muted);font-size:.875rem}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:.75rem;margin:0}
.stat{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:.75rem}
.stat dt{color:var(--muted);font-size:.8rem;text-transform:uppercase;letter-spacing:.03em}
.stat dd{margin:.25rem 0 0;font-size:1.25rem;font-weight:650}
.stat dd .note{display:block;font-weight:400}
.tone-good dd{color:var(--good)}.tone-bad dd{color:var(--bad)}
.banner{margin:.75rem 0;padding:.75rem 1rem;border-radius:8px;border:1px solid}
.banner.tone-warn{background:#fffbeb;border-color:#f59e0b;color:#78350f}.banner.tone-bad{background:#fef2f2;border-color:#dc2626;color:#7f1d1d}
.badge{align-self:flex-start;font-size:.75rem;font-weight:600;padding:.05rem .45rem;border-radius:999px;border:1px solid currentColor}
.badge.tone-good{color:var(--good)}.badge.tone-warn{color:#92400e}.badge.tone-bad{color:var(--bad)}.badge.tone-neutral{color:var(--muted)}
figure.chart{margin:1rem 0;background:var(--card);border:1px solid var(--line);border-radius:10px;padding:.5rem;overflow:hidden}
figure.chart img{display:block;width:100%;height:auto}
figure.chart.small{max-width:340px}
figcaption{color:var(--muted);font-size:.85rem;padding:.25rem .5rem}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:.75rem}
.card a{display:flex;flex-direction:column;gap:.2rem;height:100%;padding:.75rem;background:var(--card);border:1px solid var(--line);border-radius:10px;color:var(--ink);text-decoration:none}
.card a:hover{border-color:var(--accent)}
.card-title{font-weight:600}
.card-value{font-size:1.15rem;font-weight:650}
.card img{width:100%;height:48px;margin-top:auto}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;background:var(--card);font-size:.92rem}
caption{text-align:left;color:var(--muted);padding:.25rem 0}
th,td{border:1px solid var(--line);padding:.4rem .55rem;text-align:left;vertical-align:top}
th{background:#f3f4f6}
.matrix td{text-align:center;min-width:6.5rem;height:3rem}
.matrix td.current{background:#dbeafe;font-weight:700;color:#1e3a8a}
pre{background:#0f172a;color:#e5e7eb;padding:.75rem 1rem;border-radius:8px;overflow-x:auto;font-size:.85rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.prose table{margin:1rem 0}
.range{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
.site-footer{border-top:1px solid var(--line);color:var(--muted);font-size:.85rem;padding:1rem 1.25rem;max-width:1100px;margin:0 auto}
@media (max-width:600px){h1{font-size:1.35rem}main{padding:.75rem .9rem 2rem}.stat dd{font-size:1.1rem}}
`;

/** The site icon: a small gauge mark. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0f172a"/><path d="M6 22a10 10 0 0 1 20 0" fill="none" stroke="#9ca3af" stroke-width="4"/><path d="M22.6 14.4A10 10 0 0 1 26 22" fill="none" stroke="#dc2626" stroke-width="4"/><path d="M16 22l6-7" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>`;
