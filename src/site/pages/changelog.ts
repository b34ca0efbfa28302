import { type Block, heading, lead, list, type Page, paragraph } from '../page/page.ts';
import type { SiteData } from '../site-data.ts';

/** /changelog: the API's and the model's versions with what changed, and the deprecation policy. */
export function changelogPage(data: SiteData): Page {
  const { versions, deprecationPolicy, deprecations } = data.apiChangelog;
  const blocks: Block[] = [
    lead(
      `API ${versions[0]?.version ?? 'n/a'}, model ${data.model?.version ?? 'n/a'}. Nothing published changes without a line here; as JSON: `,
      { text: '/api/changelog', href: '/api/changelog' },
      '.',
    ),
    heading(2, 'Deprecation policy', 'policy'),
    paragraph(deprecationPolicy),
    paragraph(
      deprecations.length === 0
        ? 'Deprecated now: nothing.'
        : `Deprecated now: ${deprecations.map((d) => `${d.what} (since ${d.deprecatedAt}, removed after ${d.sunsetAt})`).join('; ')}.`,
    ),
    heading(2, 'API versions', 'api'),
    ...versions.flatMap((v): Block[] => [
      heading(3, `${v.version} (${v.date})`),
      list(...v.changes.map((c) => [c])),
      ...(v.openapiFingerprint ? [paragraph('OpenAPI fingerprint: ', { code: v.openapiFingerprint })] : []),
    ]),
    heading(2, 'Model versions', 'model'),
    ...(data.model?.versions ?? []).flatMap((v): Block[] => [heading(3, versionTitle(v)), ...versionBody(v)]),
  ];
  return {
    path: '/changelog',
    title: 'Changelog',
    description: 'Every version of the API and of the model, what changed, and how deprecations are announced.',
    blocks,
  };
}

type ModelVersion = NonNullable<SiteData['model']>['versions'][number];

/** A model version's title: "dli-3 (current, 2026-01-05 onwards)". */
export function versionTitle(v: ModelVersion): string {
  return `${v.version} (${v.status}, ${v.from}${v.to ? ` to ${v.to}` : ' onwards'})`;
}

/** What a model version is, then each of its changes. */
export function versionBody(v: ModelVersion): Block[] {
  return [paragraph(v.summary), list(...v.changes.map((change) => [change]))];
}
