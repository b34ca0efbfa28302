/** The site's one stylesheet, served at /assets/site.css (no inline styles anywhere, so the CSP stays strict). */
export const STYLESHEET = `
:root{color-scheme:light dark;--ink:#1f2937;--muted:#4b5563;--line:#e5e7eb;--bg:#f9fafb;--card:#fff;--head:#f3f4f6;--accent:#1d4ed8;--good:#15803d;--bad:#b91c1c;--warn:#92400e;--focus:#93c5fd}
@media (prefers-color-scheme:dark){:root{--ink:#e5e7eb;--muted:#a1a1aa;--line:#374151;--bg:#0b1120;--card:#111827;--head:#1f2937;--accent:#93c5fd;--good:#4ade80;--bad:#fca5a5;--warn:#fcd34d;--focus:#60a5fa}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--ink);background:var(--bg);overflow-wrap:break-word}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,summary:focus-visible,[tabindex]:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;color:#000;padding:6px 10px;z-index:2}
.site-header{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;align-items:center;padding:.5rem 1.25rem;background:#0f172a}
.site-header a{color:#e5e7eb;text-decoration:none;display:inline-block;padding:.55rem .1rem}
.site-header .brand{font-weight:700;color:#fff;margin-right:auto}
.site-header nav{display:flex;flex-wrap:wrap;gap:0 .9rem}
.site-header nav a[aria-current=page]{color:#fff;text-decoration:underline;text-underline-offset:4px}
main{max-width:1100px;margin:0 auto;padding:1rem 1.25rem 3rem}
h1{font-size:1.6rem;margin:.75rem 0 1rem;line-height:1.25}
h2{font-size:1.25rem;margin:2rem 0 .75rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
h3{font-size:1.05rem;margin:1.5rem 0 .5rem}
p,li{max-width:75ch}
.lead{font-size:1.2rem;line-height:1.45;margin:.25rem 0 1rem;padding:.75rem 1rem;border-left:5px solid var(--muted);background:var(--card);border-radius:0 8px 8px 0}
.lead.tone-bad{border-left-color:var(--bad)}.lead.tone-good{border-left-color:var(--good)}.lead.tone-warn{border-left-color:#d97706}
.note,.card-note,.card-meta,.aside{color:var(--muted);font-size:.875rem}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:.75rem;margin:0}
.stat{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:.75rem}
.stat dt{color:var(--muted);font-size:.8rem;text-transform:uppercase;letter-spacing:.03em}
.stat dd{margin:.25rem 0 0;font-size:1.25rem;font-weight:650}
.stat dd .note{display:block;font-weight:400}.stat .value{white-space:nowrap}
@media (max-width:600px){.stat .value{font-size:min(1.1rem,4.3vw)}}
.tone-good dd{color:var(--good)}.tone-bad dd{color:var(--bad)}.tone-warn dd{color:var(--warn)}
.banner{margin:.75rem 0;padding:.75rem 1rem;border-radius:8px;border:1px solid}
.banner.tone-warn{background:#fffbeb;border-color:#f59e0b;color:#78350f}.banner.tone-bad{background:#fef2f2;border-color:#dc2626;color:#7f1d1d}
.banner a{color:inherit}.banner details{display:inline}.banner summary{display:inline;cursor:pointer;text-decoration:underline}.banner details[open]{display:block;margin-top:.25rem}
.badge{align-self:flex-start;font-size:.75rem;font-weight:600;padding:.05rem .45rem;border-radius:999px;border:1px solid currentColor}
.badge.tone-good,.cue.tone-good{color:var(--good)}.badge.tone-warn,.cue.tone-warn{color:var(--warn)}.badge.tone-bad,.cue.tone-bad{color:var(--bad)}.badge.tone-neutral,.cue.tone-neutral{color:var(--muted)}
.hero{display:grid;grid-template-columns:minmax(0,320px) minmax(0,1fr);gap:1rem;align-items:center}
.hero .stats{grid-template-columns:repeat(2,minmax(0,1fr))}
.hero figure.chart{margin:0}
figure.chart{margin:1rem 0;background:var(--card);color:var(--ink);border:1px solid var(--line);border-radius:10px;padding:.5rem;overflow:hidden}
.chart-head{padding:.25rem .5rem 0}.chart-title{margin:0;font-weight:600;font-size:1rem}.chart-unit{margin:0;color:var(--muted);font-size:.85rem}
.chart-legend{list-style:none;margin:.3rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.15rem 1rem;font-size:.85rem}.chart-legend .swatch{display:inline-block;width:.9rem;height:.2rem;margin-right:.35rem;vertical-align:middle;border-radius:2px}
figure.chart img{display:block;width:100%;height:auto}
figure.chart.small{max-width:340px}
figure.chart.enhanced picture{display:none}
.uplot-holder{position:relative;width:100%}
.uplot-holder .u-over{touch-action:pan-y}
.chart-live{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.chart-mark{position:absolute;top:2px;transform:translateX(-50%);padding:0 .3rem;border-radius:4px;background:var(--card);color:var(--ink);font-size:.8rem;font-weight:600;pointer-events:none;white-space:nowrap}
.notice{margin:0 0 1rem;padding:.5rem .8rem;border-radius:8px;border:1px solid var(--line);background:var(--card);font-size:.92rem}
.notice p{margin:0;max-width:none}.notice details{margin:.15rem 0 0}.notice summary{padding:.35rem 0;color:var(--accent)}.notice ul{margin:.25rem 0;padding-left:1.2rem}
.notice.tone-warn{border-color:#f59e0b;background:#fffbeb;color:#78350f}
.notice.tone-warn summary{color:inherit;text-decoration:underline}
.chart-tip{position:absolute;z-index:3;pointer-events:none;background:#111827;color:#f9fafb;border-radius:6px;padding:.35rem .55rem;font-size:.85rem;line-height:1.35;display:flex;flex-direction:column;overflow-wrap:anywhere}
.chart-tip[hidden]{display:none}
figcaption{color:var(--muted);font-size:.85rem;padding:.25rem .5rem}
.downloads{margin:.25rem .5rem;font-size:.9rem}
.downloads a{display:inline-block;padding:.6rem .5rem;color:var(--accent)}
figure.chart details{margin:.25rem .5rem}
figure.chart details table{background:var(--card);color:var(--ink)}
figure.chart details th{background:var(--head)}
figure.chart summary{color:var(--accent)}
@media (prefers-color-scheme:dark){figure.chart img,.card img{filter:invert(.9) hue-rotate(180deg)}.banner.tone-warn,.notice.tone-warn{background:#2a1a05;border-color:#b45309;color:#fde68a}.banner.tone-bad{background:#2a0b0b;border-color:#dc2626;color:#fecaca}}
.scroll{max-height:24rem;overflow:auto}
details{margin:.75rem 0}
summary{cursor:pointer;padding:.6rem 0;font-weight:600}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:.75rem;margin:.5rem 0 1rem}
.card a{display:flex;flex-direction:column;gap:.15rem;height:100%;padding:.75rem;background:var(--card);border:1px solid var(--line);border-radius:10px;color:var(--ink);text-decoration:none}
.card a:hover{border-color:var(--accent)}
.card-head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem .5rem;align-items:flex-start}
.card-title{font-weight:600}
.card-value{font-size:1.15rem;font-weight:650}
.cue{font-size:.9rem;font-weight:600}
.card img{width:100%;height:40px;margin-top:auto;background:#fff;border-radius:4px}
.table-wrap{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;background:var(--card);font-size:.92rem}
caption{text-align:left;color:var(--muted);padding:.25rem 0}
th,td{border:1px solid var(--line);padding:.4rem .55rem;text-align:left;vertical-align:top}
th{background:var(--head)}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.matrix td{text-align:center;min-width:5rem;height:2.5rem}
@media (max-width:440px){.matrix th,.matrix td{padding:.3rem .25rem;font-size:.8rem;min-width:0}}
.matrix td.current{background:#dbeafe;font-weight:700;color:#1e3a8a}
pre{background:#0f172a;color:#e5e7eb;padding:.75rem 1rem;border-radius:8px;overflow-x:auto;font-size:.85rem;max-width:100%}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;overflow-wrap:anywhere}
pre code{overflow-wrap:normal}
.prose .table-wrap{margin:1rem 0}
.prose img{max-width:100%}
blockquote{margin:1rem 0;padding:.5rem 1rem;border-left:4px solid var(--accent);background:var(--card)}
.pills ul{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:.5rem 0}
.pills a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:.4rem .85rem;border:1px solid var(--line);border-radius:999px;background:var(--card);text-decoration:none}
.pills a[aria-current=page]{background:var(--accent);color:var(--bg);border-color:var(--accent);font-weight:600}
.toc{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:.5rem 1rem;margin:1rem 0}
.toc-title{font-size:1rem;font-weight:600;margin:0;padding:.6rem 0;cursor:pointer}
.toc li{padding:.2rem 0}
.toc a{display:inline-block;padding:.3rem 0;overflow-wrap:anywhere}
form.query{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;margin:.75rem 0;padding:.75rem;background:var(--card);border:1px solid var(--line);border-radius:10px}
.field{display:flex;flex-direction:column;gap:.2rem;font-size:.9rem;min-width:0;max-width:100%}
select{max-width:100%}
input,select,button{font:inherit;min-height:44px;padding:.35rem .6rem;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--ink)}
button{background:var(--accent);color:var(--bg);border-color:var(--accent);font-weight:600;cursor:pointer}
.calendar{width:auto;display:inline-table;margin:0 1rem 1rem 0;font-size:.85rem}
.calendar td,.calendar th{text-align:center;padding:0;min-width:2.4rem;height:2.4rem;vertical-align:middle}
.calendar a{display:block;line-height:2.4rem;text-decoration:none;font-weight:600}
.calendar td.tone-bad{background:rgba(220,38,38,.14)}.calendar td.tone-good{background:rgba(22,163,74,.14)}
.site-footer{border-top:1px solid var(--line);color:var(--muted);font-size:.85rem;padding:1rem 1.25rem;max-width:1100px;margin:0 auto}
.site-footer a{display:inline-block;padding:.5rem 0}
@media (max-width:760px){.hero{grid-template-columns:1fr}.hero figure.chart.small{max-width:300px;margin:0 auto}.cards{grid-template-columns:repeat(2,minmax(0,1fr));gap:.5rem}.card img{display:none}.card a{padding:.55rem .6rem;gap:.05rem}.card-title{font-size:.92rem;line-height:1.3}.card-value{font-size:1.05rem}.card-meta,.card-note{font-size:.8rem;line-height:1.35}.cue{font-size:.85rem}.badge{font-size:.7rem}}
@media (max-width:600px){.site-header nav{flex-wrap:wrap;max-width:100%;gap:0 .8rem}.site-header nav a{white-space:nowrap;padding:.3rem .1rem}.banner{font-size:.9rem;padding:.5rem .75rem;margin:.5rem 0}.aside{display:none}h1{font-size:1.35rem}main{padding:.75rem .9rem 2rem}.stat dd{font-size:1.1rem}.lead{font-size:1.05rem}.site-header{padding:.25rem .9rem}.stats{grid-template-columns:repeat(2,minmax(0,1fr))}}
`;

/** The site icon: a small gauge mark. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0f172a"/><path d="M6 22a10 10 0 0 1 20 0" fill="none" stroke="#9ca3af" stroke-width="4"/><path d="M22.6 14.4A10 10 0 0 1 26 22" fill="none" stroke="#dc2626" stroke-width="4"/><path d="M16 22l6-7" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>`;
