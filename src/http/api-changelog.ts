import type { ApiVersionDoc } from '../publish/content.ts';

/**
 * The API's versions, newest first, each with the fingerprint of the OpenAPI document it shipped (see
 * openapi/fingerprint.ts). A test recomputes the fingerprint: changing the document — a path, a parameter, a
 * schema, a description — without adding a version here fails the suite. Additions bump the minor version; a
 * removal or a changed meaning bumps the major version and is announced first (DEPRECATION_POLICY).
 */
export const API_VERSIONS: readonly ApiVersionDoc[] = [
  {
    version: '2.5.5',
    date: '2026-11-29',
    openapiFingerprint: 'sha256:7f9100bc887839ff8ea0c88394f69d232604b4df710c7ea88b22fe77e053acb3',
    changes: [
      'Added: /api/regime’s fedTerms.backstops.dataTo, the newest print of any backstop known on the reading’s day. When it is more than 45 days old no backstop reads, and the summary no longer says “no new draw on a Fed facility” as if of the day: it says “… in their last data, to” that date (on the real files, Apr 22, 2026 for a reading of Jul 3, 2026). fedTerms.backstops.date is described (the date of the observation carrying a draw).',
      'Added: /api/lens’ structure.cpTbillTiering, hyIgTiering and bankCashTiering each carry dataAsOf, the date of the latest observation the reading uses. The axis’ dataAsOf is the newest of its inputs’, so a tiering whose inputs stopped was shown without its age (on the real files CP − T-bill reads “calm” from 2025-10-22 under a structure dated 2026-08-26).',
      'Documented: /api/regime’s subIndices say that dli-4’s backstops read 0, not null, when none reports (a floor with no draw known lifts nothing; coverage.groups does not count it). The MCP server’s instructions say how each answer dates its data (freshness, dataAsOf, provenance.inputs[].lastDate) instead of “every answer carries its freshness”, which the lens and correlation answers did not. /api/model’s normalization says that an input more than 45 days old has no new reading that day and points to aggregation for what the aggregate does with it (dli-3 and dli-4 keep its last reading), where it said “has no reading”, which aggregation’s text seemed to contradict. /api/series’ zScoreMean and percentile say they are of the series’ own values in its own unit, also on a transformed answer; data’s description follows sort (newest first with sort=desc). /api/correlation says that an asset without prices keeps its key with n 0 and null figures, and where to read why.',
      'Changed (a value that said something untrue): /api/history with a window past the history’s end answers count 0 with from and to both "" (to was the history’s last date, beside no day).',
    ],
  },
  {
    version: '2.5.4',
    date: '2026-11-28',
    openapiFingerprint: 'sha256:13b05ae7f661860753ef2dc7a02316b138685f3ae32152988c75ce4c3ec795ab',
    changes: [
      'Changed (values that said something untrue): net-liquidity no longer counts ON RRP as 0 after ON RRP’s last print. FRED leaves days without an operation blank, and such a day still counts 0 up to the last print; a date more than 7 days after it is left out, so net liquidity (and core-net-liquidity, the model’s flow input, and the lens’ 4-week flow) ends where ON RRP’s data does, instead of running on with a made-up zero when its feed stops. The reserve buffer follows the same rule. The model reads a blank-means-zero input (ON RRP, the standing repo facility) the same way: after its last print a gap is data not yet published, held like any input’s, not a zero.',
      'Documented: provenance.dataCutoff is the newest date among the inputs listed, which can be later than the answer’s own data (a derived series ends where its shortest input does); each input’s lastDate says where it ends.',
    ],
  },
  {
    version: '2.5.3',
    date: '2026-11-28',
    openapiFingerprint: 'sha256:8a0c02f45ac70bd7bf49a06ec19353528632d3611fc8528a06e9531da31ad244',
    changes: [
      'Documented (descriptions only; no field, parameter or type changed): /api/regime’s percentile5y ranks the model’s level (dli-4; the aggregate in earlier versions); /api/history reads on each day only observations published by then, at their values as published today (a revision restates the days it touches; asOf answers the history as known at an instant), with the group sub-indices (five in dli-4); start is “instead of days” only on an endpoint that takes days; /api/series/{id} serves an indicator at its own frequency (the 25 run from daily to quarterly), not as a daily series; /api/snapshot’s indicators[].group is the model’s group only for a scored series, otherwise the catalog’s theme; /api lists the JSON endpoints (the other forms and documents are in the OpenAPI document); /api/regime’s provisional.missing names the inputs of the weighted mean; series_unavailable’s meaning names a provider that sent nothing; a backtest’s phases say that a spread of exactly 0 is neither positive nor negative; the lens’ bufferState says its “ample” is what the Fed’s staff call abundant.',
      'Changed (values that said something untrue): a rolling correlation of an asset whose prices have stopped is dated by the last week both series have (gold’s by its last price), no longer weeks later over ever fewer pairs, and /api/correlation/history ends each asset’s weeks there too; series_unavailable says when the series’ last refresh failed (e.g. the provider sent no data) instead of suggesting that a first refresh may still be running; /api/model’s thresholds.drivers says of dli-4 that the contributions are shares of the level, and its windows list only the windows the version uses (dli-4: its smoothingDays, no longer dli-1’s ewmaLambda nor a fadeDays it does not use); the directory’s example error is the answer a mistyped id gets; /api/regime’s coverage.groups no longer counts the backstops as reporting when none of them has a reading (their floor then reads 0, a value but no report).',
    ],
  },
  {
    version: '2.5.2',
    date: '2026-11-28',
    openapiFingerprint: 'sha256:7b381a761948262e71b0500a050ad79f3a8a78c00848e03d61f1ebefef02f78e',
    changes: [
      'Changed (a first start only): the model is served before its validation figures are computed — /api/model’s validation is null for the first seconds, until the publication logged next, which has them; the regime, the history and every other figure are the same. Documented on the field.',
    ],
  },
  {
    version: '2.5.1',
    date: '2026-11-28',
    openapiFingerprint: 'sha256:c0e4f57bc57d7bf63c30dfe699055466a04176fa133b0925c1046d0532c9c8ca',
    changes: [
      'Changed (while the service starts): before its first publication every route that needs one answers 503 service_unavailable with Retry-After: 30 — the site’s pages answered 404 not_found, charts 404 and the documents, the series list and the bulk download a 503 without Retry-After; charts and the documents now list service_unavailable.',
      'Documented: the asOf field of /api/series/{id} gives instant and storeFirstLoadAt as date-time (ISO 8601 instants), as the model’s resources always documented them; the values are unchanged. The /api/history example now shows three whole days (every per-day column, not only the dates and headline).',
    ],
  },
  {
    version: '2.5.0',
    date: '2026-11-27',
    openapiFingerprint: 'sha256:e1dee03ef8bc41ce1ada715ba6f7f3b65a90c7579fbd2f4e7d15cc72425b68b6',
    changes: [
      'Documented: /api/lens?asOf=… is computed off the serving thread within the bound of work computed on demand, shared fairly between clients; past it 503 busy with Retry-After (now listed on /api/lens).',
      'Changed (bound only): xlsx workbooks and charts drawn on request are built within that same bound, a share per client, instead of a bound of their own (four workbooks, 32 charts, whoever asked); past it workbooks still answer 503 service_unavailable and charts 503 busy, both with Retry-After.',
    ],
  },
  {
    version: '2.4.0',
    date: '2026-11-27',
    openapiFingerprint: 'sha256:c96fd1993f04ae7c72514e513a80d12244889a93e6a96a52d8f1373197294342',
    changes: [
      'Added: `model` on /api/history and /api/history.csv (and MCP get_history): any model version of /api/model → versions, earlier ones included (dli-1 to dli-3), its history computed with that version’s own inputs, weights and rules over the data of the current publication; provenance.modelVersion names it. Computed on demand off the serving thread, then kept for the publication; not with asOf.',
    ],
  },
  {
    version: '2.3.0',
    date: '2026-11-27',
    openapiFingerprint: 'sha256:35a100e418d446b8c0e7a657c3b85b5111c46aa57c49c2e7c4b62ac1ebad0ea1',
    changes: [
      'Added: /api/history.csv gains, after the columns it had, provisional, live_weight_share, level_0_100 and each group’s part of the level (`policy_part_points` …, adding up to level_0_100): the data of the parts chart, downloadable.',
      'Documented: what is computed on demand — transforms, CSV windows other than the common ones, several series at once, revisions, asOf — runs off the serving thread within a bound shared fairly between clients; past it 503 busy with Retry-After (now listed on /api/series/{id}, its CSV and vintages, /api/data/{id} and the many-series downloads).',
    ],
  },
  {
    version: '2.2.0',
    date: '2026-11-27',
    openapiFingerprint: 'sha256:f5acff115de9327fd7b0eef9379702cee50eb411c663442ab3fa1077d4c9d40f',
    changes: [
      'Added: /api/model groups[].indicators[].label, each input as the methodology and the pages name it (“reserves / bank assets”, “EFFR − IORB”), so that a client can say which inputs are missing in words rather than ids.',
      'Added outside /api: the site’s CSV downloads carry Content-Disposition with a file name of what they hold and the date they run to (tga-2026-08-27.csv, liquidity-history-2026-08-27.csv); chart images a name of the same kind (inline, they still show where opened); /embed/{id} shows one chart alone for an <iframe>.',
    ],
  },
  {
    version: '2.1.0',
    date: '2026-11-27',
    openapiFingerprint: 'sha256:8a718bfa5e000d1e6bc10307c0b098e7cc1b68fb9aa41999208b84f101376080',
    changes: [
      'Added: /api/data/{id}, /api/data/{id}.csv and /api/data/{id}.xlsx — any series of the catalog (GET /api/series), the model’s other inputs (effr-iorb, reserve-ratio, fed-repo, sofr, effr, treasury-10y…) and benchmarks included, with the windows, order, transforms, asOf and provenance of /api/series/{id}, which keeps its indicator ids and its 404 for any other (its hint now names /api/data/{id} for a catalog id). /api/series.csv, .json and .xlsx take any catalog id in ids.',
      'Added: /api/series (the catalog) gives every entry a `url` (/api/series/{id} for the indicators, /api/data/{id} for the others; never null now), a `csvUrl` for every series whose terms allow reproduction, and `withheld`: why the values of a restricted series are not offered (null otherwise). Each driver of /api/regime carries `url`, the address of its series.',
      'Changed: labels follow transforms. On a transformed answer meta.unit and meta.frequency give the unit and frequency of the values as served (e.g. percent and monthly for units=pc1&frequency=m on a weekly USD bn series; frequency may be annual); meta.transform adds unitLabel ("percent change from a year ago"), valueFrequency, seriesUnit and seriesFrequency (the series’ own). CSV and xlsx columns name the unit of the values: value_percent_pc1 (was value_usd_bn_pc1), value_ln_usd_bn_log, tga_percent_pch_m_avg; the workbook’s Notes give the unit in words and the frequency after aggregation ("monthly (average of weekly values)").',
      'Changed: asOf works with units, frequency, aggregation, sort, limit and offset (it answered 400): the transform of the series as known at that instant, computed over the vintage known then.',
      'Changed: values_withheld says that the upstream terms forbid reproducing the values, and points to the series’ own path.',
    ],
  },
  {
    version: '2.0.0',
    date: '2026-11-27',
    openapiFingerprint: 'sha256:0a570047c0fd4c00c8d62d17842397f19a46f55502dd2624c5bfb46cae5a9193',
    changes: [
      'Changed (the dli-4 model, a new major version because a field may now be null): /api/history `status` is null on a provisional day — one whose fresh data covers under half of the model’s nominal weight — which has no status; `provisional` (booleans) says which days are. A day with a status follows the published thresholds and hysteresis alone (dli-3 held its status on thin data). /api/regime describes the latest day with a reading, so its `status` is never null; the contract’s fields are unchanged.',
      'Added: /api/regime `level` (the aggregate on its own fixed 0–100 scale, not ranked), `levelBand`, `contributions` (each group’s part of the level, in level points; they add up to it), `fedTerms` (reserves / bank assets, EFFR − IORB, SOFR − IORB, backstop use, each with its date), `summary` (the reading in one plain sentence) and `provisional` (the newest day when it has no reading: its date, headline, level, live share and the inputs without fresh data).',
      'Added: /api/history `level`, `contributions` (one array per group, aligned with dates), `provisional` and `liveWeightShare`; /api/model groups carry `role` (`mean`, or `floor` for dli-4’s backstops).',
      'Added to /api/series (the catalog): the Fed’s lending facilities from the H.4.1 — discount-window (WLCFLPCL), btfp (H41RESPPALDKNWW), other-credit (WLCFOCEL), fed-loans (WLCFLL), ppplf (H41RESPPALDJNWW) — and the derived fed-lending and core-net-liquidity.',
    ],
  },
  {
    version: '1.16.0',
    date: '2026-11-27',
    openapiFingerprint: 'sha256:1bf24936d3185c4c3f1b0d5d592f63d861a2c72f2faaebe542facd846ee917a1',
    changes: [
      'Changed: a rate limit per client address is on by default (RATE_LIMIT_PER_MINUTE, 600 a minute; 0 turns it off): past it, 429 rate_limited with Retry-After. Every answer carries the IETF RateLimit-Policy and RateLimit fields (quota, and what is left), exposed to browser code. Behind a reverse proxy the operator names in TRUSTED_PROXIES, the client is the address in X-Forwarded-For.',
      'Changed: a request with more than one Host line answers 400 bad_request (RFC 9112 §3.2); a request in absolute form (GET http://host/api/regime) is answered as its path; a 404 no longer repeats the path in its message; with an https BASE_URL every answer carries Strict-Transport-Security.',
    ],
  },
  {
    version: '1.15.0',
    date: '2026-11-27',
    openapiFingerprint: 'sha256:e91a588ccfd8ce492b5011ebc9d21906bbd8574effd3737859140d0a9f3986f6',
    changes: [
      'Added: offset on /api/series/{id}, its CSV and its xlsx, as FRED’s offset: observations skipped in the order asked, before limit (sort=desc&offset=10&limit=10 is the 11th to 20th newest); with no window, over the whole history. Not with asOf (400).',
      'Added: FRED’s names observation_start, observation_end and sort_order, accepted wherever start, end and sort are, as aliases (documented as such): a FRED series/observations query string works once its path is changed. A name and its alias together is the parameter given twice (400).',
      'Changed: MCP over HTTP — an exchange past MCP’s share of the serving thread (4 at once, 40 started a second) waits its turn instead of being answered 503 busy; busy only past 64 waiting or 10 s. Idle keep-alive connections are kept 65 s (a stalled client no longer writes onto a connection closed under it). MCP answers of 1 kB or more (the 148 kB tool list) go brotli or gzip when the client accepts it. Unknown tool arguments are a JSON-RPC error -32602 naming them.',
      'Changed: the /api example in this document shows the directory’s first three endpoints (the directory itself is unchanged).',
      'Changed: the xlsx downloads are written without exceljs; the same sheets, real dates (yyyy-mm-dd) and numbers.',
    ],
  },
  {
    version: '1.14.0',
    date: '2026-11-26',
    openapiFingerprint: 'sha256:54e3773d2b82266e109ab5402df74f355bd31626f52075fc277989fc0c9c5014',
    changes: [
      'Added: /api/correlation/history — the 52-week rolling correlation of each liquidity measure with each asset for every week of the history (dates, and one array per asset and measure, null where the window holds under 80 % of its weeks). Its last values are the 52w figures of /api/correlation, which is unchanged (the history is its own resource: twice its size).',
      'Added: /charts/{net-liquidity|headline}-correlation-{spx|qqq|btc|gold} (.svg, .png): that rolling correlation over the whole history on a −1…1 axis, the band within chance (|ρ| < 1.96/√52) shaded. A statistic, so drawn for the S&P 500, the Nasdaq-100 and gold too, whose prices are not.',
    ],
  },
  {
    version: '1.13.0',
    date: '2026-11-26',
    openapiFingerprint: 'sha256:1c9c066db2f464a7cd807c2bf0dca3f84b2bb55b4e297d08f0c5427c1f4f6c79',
    changes: [
      'Added: units (lin, chg, ch1, pch, pc1, pca, cch, cca, log), frequency (w, wef, wew, m, q, a) and aggregation (avg, sum, eop) on /api/series/{id}, its CSV and /api/series.csv|.json, as FRED’s API computes them (aggregation first, then units; n observations per year of the resulting frequency); meta.transform (and transform on the set) says what was done; with them and no window, the whole history. Not with asOf (400).',
      'Added: /api/series/{id}.xlsx and /api/series.xlsx?ids=… — the CSV’s rows (same parameters, transforms included) as an Excel workbook: a Data sheet with real dates and a Notes sheet with each series’ unit, transform, source, licence and citation. 503 service_unavailable with Retry-After while four workbooks are being built.',
      'Added: /charts/net-liquidity-vs-btc and /charts/headline-vs-btc (.svg, .png): liquidity against the bitcoin price on a second axis (the S&P 500, Nasdaq-100 and gold are not drawn: their terms forbid reproducing their prices). Every line chart now carries a source line (publisher, the date its data runs to, its page).',
      'Added: thresholds.riskOffUntilBelow and thresholds.riskOnUntilAbove in /api/model (the status hysteresis: risk-off lasts until the headline falls below the first, risk-on until it rises above the second), so the pages and clients read the exits instead of restating them.',
      'Added: a description for every tag of the document (Redocly’s tag-description).',
    ],
  },
  {
    version: '1.12.0',
    date: '2026-11-26',
    openapiFingerprint: 'sha256:b84b0c47038db68707862fe9743844499ba4c0f896746e1ee4ab6c322925fa8e',
    changes: [
      'Added: sort (asc, desc) and limit on /api/series/{id} and /api/series/{id}.csv, as FRED’s sort_order and limit: sort=desc&limit=10 answers the newest 10 observations; without days, start or end they apply to the whole history. Not with asOf (400).',
    ],
  },
  {
    version: '1.11.0',
    date: '2026-11-26',
    openapiFingerprint: 'sha256:a4ccfc80cf3678a512ea53ec025de2a92940a6b9bc777033deb1f7ebcdaa4e9e',
    changes: [
      'Added: /api/series.csv?ids=a,b,… (one wide CSV aligned on dates, a column per series named by id and unit, empty where a series has no value, as FRED’s fredgraph.csv?id=A,B) and /api/series.json?ids=… (the same as columns, with units and provenance); days, start and end as on one series.',
    ],
  },
  {
    version: '1.10.0',
    date: '2026-11-26',
    openapiFingerprint: 'sha256:f4eff4240aaf08344e966d2ee99e7a57b2631f89ec156b2829a9edf31e0edb6c',
    changes: [
      'Added: view=first-release on /api/series/{id}/vintages (each date’s first published value, and when it was superseded; ALFRED’s initial release) and the view field in its answer.',
      'Added: /api/series/{id}/vintages.csv, the revision record as CSV (date, value in its unit, seen_at, superseded_at), with view too.',
    ],
  },
  {
    version: '1.9.0',
    date: '2026-11-26',
    openapiFingerprint: 'sha256:e77b5423de009d2feda69bea263675253a7f843365911c2ef63c01006c24ec56',
    changes: [
      'Added: GET /api/series, the catalog of every stored series — the 25 indicators and the inputs and benchmarks behind them (NFCI, the Coinbase bitcoin price…) — with unit, frequency, provider and provider id, licence and attribution, first and last date, lastUpdatedAt, an estimated nextExpectedRelease, and q to search it.',
    ],
  },
  {
    version: '1.8.1',
    date: '2026-11-26',
    openapiFingerprint: 'sha256:075a9ec9828fba59a19d0770f5d5ab70c40123199f93db82b7c2481957d9b970',
    changes: [
      'Documentation only: security: [] at the root (no authentication); the CSV form of /api/series/{id} and /api/history (Accept: text/csv) is described in words instead of as a second media type of the 200, so that typed clients type the body as JSON (the .csv URLs are operations of their own). Nothing accepted or answered changed.',
    ],
  },
  {
    version: '1.8.0',
    date: '2026-11-26',
    openapiFingerprint: 'sha256:5a99682f257deb5227445579719a88351295e0e3d4f29187641f74be1103ec0b',
    changes: [
      'Changed: an /api endpoint answers 400 unknown_parameter to a query parameter it does not take (e.g. /api/history?days=30, which answered the whole history), naming the ones it takes; the site and the charts still ignore parameters they do not take.',
      'Changed: If-None-Match is evaluated even when the request says Cache-Control: no-cache (as fetch() does): 304 when it matches.',
      'Added: Access-Control-Expose-Headers (ETag, Retry-After, Deprecation, Sunset, Link, Content-Disposition, Mcp-Session-Id) on every answer; POST /mcp answers CORS preflights and carries Access-Control-Allow-Origin.',
      'Changed: asOf accepts RFC 3339 date-times with any fraction of a second (and t, z in lower case).',
      'Changed: /.well-known/api-catalog is served as application/linkset+json with the RFC 9727 profile, and it and every page carry Link: </.well-known/api-catalog>; rel="api-catalog".',
      'MCP: an unknown tool is a JSON-RPC error -32602 (it was a tool result); get_history without start answers the last 365 days (the whole history is ~100k tokens).',
    ],
  },
  {
    version: '1.7.0',
    date: '2026-11-26',
    openapiFingerprint: 'sha256:f7ecfd851b58ce1823fcccc44e3638af3f262c52c2b8f5793ea22444053a3d07',
    changes: [
      'Added: /api/health nextRefreshAt (the next scheduled refresh, or sooner the retry after a failed one), lastRefresh.trigger, and refreshing (the refresh under way: series done of the total and an estimate of the seconds left).',
      'Added: provenance.inputs[].vintageFrom, present when the newest vintage read came from the bootstrap snapshot shipped with the project ("bootstrap snapshot of DATE") rather than from the provider.',
      'Changed: when every failing source could not reach its provider, /api/health says so in plain words first (which providers, the cause: DNS, refused, timeout) with the data served and the next try; sources[].lastError names the network cause.',
    ],
  },
  {
    version: '1.6.0',
    date: '2026-11-25',
    openapiFingerprint: 'sha256:448c2ff318f05c0faf0a32a24bf5a83cd589b99b37d904155eec1c25844dff8a',
    changes: [
      'Changed: while no data has been stored (a first start, the providers unreachable), /api/regime, /api/history (JSON and CSV), /api/model, /api/lens, /api/correlation, /api/snapshot and /api/changelog answer 503 no_data_yet with Retry-After: 60 instead of 500 *_unavailable. A computation that fails with data stored still answers 500 *_unavailable.',
    ],
  },
  {
    version: '1.5.1',
    date: '2026-11-25',
    openapiFingerprint: 'sha256:2745bf8804955a99708dfc2b1d060a280c019567e00543e16a37e2bcb19c340f',
    changes: [
      'Documentation only: each query parameter (days, start, end, asOf, lang, compare, style) is described once, in the same words on every endpoint; nothing accepted or answered changed.',
    ],
  },
  {
    version: '1.5.0',
    date: '2026-11-25',
    openapiFingerprint: 'sha256:e15170ac77c5ab84ea855961360a93c09863bf57e5e8a6f06088d55c21780616',
    changes: [
      'Model dli-3 (see /api/model versions): regime.subIndices and history.subIndices gain backstops; policy now means quantity (reserves and net liquidity) and funding means price (overnight funding against the floor); the status has hysteresis (documented on status).',
      'Documented: a driver’s indicatorId may be a dli-3 input derived from the indicators (reserve-ratio, effr-iorb, fed-repo).',
      'Added: regime.coverage.liveWeightShare; freshness.reason also names the missing inputs when under half of the nominal weight has live data.',
      'Added: validation.targets in /api/model (T1–T8 of docs/dli-3-protocol.md, pass or fail).',
      'Changed: a chart range (start/end on /charts/{id}.svg|png) is drawn by whole months; other dates are redirected (308) to the first or last day of their month, as other days values already were to the canonical windows.',
      'Added: the stale error kind in /api/health (a provider answer that ended before the data held: refused, nothing withdrawn).',
      'Added: /charts/headline-regimes.svg|png (the whole history shaded by regime) and /charts/subindex-{group}.svg|png (each sub-index over the whole history).',
    ],
  },
  {
    version: '1.4.0',
    date: '2026-11-24',
    openapiFingerprint: 'sha256:ba6b58cf54a3649d7192be2e8d707fdcd83e8b947ee9c706160c615b9a557d28',
    changes: [
      'Added: /charts/{id}.svg and .png may answer busy (503, Retry-After: 1) when 32 charts are already being drawn; charts already drawn are served at once.',
    ],
  },
  {
    version: '1.3.0',
    date: '2026-11-23',
    openapiFingerprint: 'sha256:92abc0fc3675407f991f9ec9d3f83a9d364ff6625037f72b2383d4f54ae898d5',
    changes: [
      'Added: asOf on /api/regime, /api/history (JSON and CSV) and /api/lens — the answer a publication at that instant would have served, recomputed with the current model from the vintages seen by then; the asOf field (instant, storeFirstLoadAt, knowledgeAt). Also asOf on /api/series/{id}.csv and with Accept: text/csv.',
      'Added: the busy error (503, Retry-After) when two point-in-time computations already run.',
      'Added: history.confidence (high, medium, low on each date) and its CSV column; /feed.xml gains one entry per change of confidence.',
    ],
  },
  {
    version: '1.2.0',
    date: '2026-11-23',
    openapiFingerprint: 'sha256:c9f4c88fe6bcd225faca0dbaa131b85aeccaaf5db443cc9cce9c8285edcef15a',
    changes: [
      'Added: start and end (dates) beside days on /api/series/{id} and start/end on /api/history; a conflict is one invalid_parameter.',
      'Added: CSV — /api/series/{id}.csv, /api/history.csv, and Accept: text/csv on both JSON URLs (Vary: Accept).',
      'Added: /api/bulk.zip — every reproducible series as one long CSV, the history, the model and a README.',
      'Added: asOf on /api/series/{id} (the series as this service knew it, from stored vintages; meta.asOf) and the not_known_as_of error; /api/series/{id}/vintages (the revision record).',
      'Added: /charts/{id}.png; start, end, compare and style=compact on charts.',
      'Added: the MCP endpoint (POST /mcp; stdio through usd-liquidity mcp); discovery.mcp, .bulk and .feed in /api.',
      'Added: /api/series/{id}/feed.xml (Atom: new observations and revisions); /feed.xml gains one entry per daily reading.',
      'Added: /api/changelog (this record, with the model versions and the deprecation policy).',
      'Added: provenance in every data resource (series, vintages, regime, history, model, lens, correlation, snapshot, health): service and model versions, publication id and time, data cut-off, and per input series its provider, provider id, terms and the vintage read.',
      'Added since 1.1.0 without a version bump (recorded here): regime.date (the day a reading describes), per-series meta.freshness, health.quarantine and the unreachable error kind.',
    ],
  },
  {
    version: '1.1.0',
    date: '2026-11-21',
    openapiFingerprint: null,
    changes: [
      'The contract as first published: directory, series, regime, history, model, lens, correlation, snapshot, health.',
    ],
  },
];

export const API_VERSION = API_VERSIONS[0]!.version;

export const DEPRECATION_POLICY =
  'Nothing published is removed or changes meaning without notice. A field or parameter to be removed is first marked deprecated: responses that use it carry the Deprecation header (RFC 9745, the date it was deprecated) and the Sunset header (RFC 8594, the date it will go, at least 90 days later), with a Link to this changelog; the OpenAPI document marks it deprecated. It is removed only in a new major version, after its sunset date.';

/** Something deprecated: which route (and which of its parameters or fields), when, and when it goes. */
export interface Deprecation {
  route: string;
  what: string;
  /** ISO date it was deprecated. */
  deprecatedAt: string;
  /** ISO date it will be removed (at least 90 days later). */
  sunsetAt: string;
}

/** What is deprecated now. Empty: nothing published is on its way out. */
export const DEPRECATIONS: readonly Deprecation[] = [];

/**
 * The headers a response of a deprecated route carries: Deprecation (RFC 9745: `@` and the Unix time it was
 * deprecated), Sunset (RFC 8594: the HTTP date it goes) and a Link to the changelog. Example: deprecated
 * 2027-01-01, sunset 2027-04-01 → { deprecation: '@1798761600', sunset: 'Thu, 01 Apr 2027 00:00:00 GMT', … }.
 */
export function deprecationHeaders(d: Deprecation, baseUrl: string): Record<string, string> {
  return {
    deprecation: `@${Date.parse(`${d.deprecatedAt}T00:00:00Z`) / 1000}`,
    sunset: new Date(`${d.sunsetAt}T00:00:00Z`).toUTCString(),
    link: `<${baseUrl}/changelog>; rel="deprecation"; type="text/html"`,
  };
}
