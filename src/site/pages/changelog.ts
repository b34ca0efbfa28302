import { type Block, type Page, paragraph } from '../page/page.ts';
import type { SiteData } from '../site-data.ts';

/** /changelog: the API's and the model's versions with what changed, and the deprecation policy. */
export function changelogPage(data: SiteData): Page {
  const { versions, deprecationPolicy, deprecations } = data.apiChangelog;
  const blocks: Block[] = [
    {
      kind: 'lead',
      inlines: [
        `API ${versions[0]?.version ?? 'n/a'}, model ${data.model?.version ?? 'n/a'}. Nothing published changes without a line here; as JSON: `,
        { text: '/api/changelog', href: '/api/changelog' },
        '.',
      ],
    },
    { kind: 'heading', level: 2, text: 'Deprecation policy', id: 'policy' },
    paragraph(deprecationPolicy),
    paragraph(
      deprecations.length === 0
        ? 'Deprecated now: nothing.'
        : `Deprecated now: ${deprecations.map((d) => `${d.what} (since ${d.deprecatedAt}, removed after ${d.sunsetAt})`).join('; ')}.`,
    ),
    { kind: 'heading', level: 2, text: 'API versions', id: 'api' },
    ...versions.flatMap((v): Block[] => [
      { kind: 'heading', level: 3, text: `${v.version} (${v.date})` },
      { kind: 'list', items: v.changes.map((c) => [c]) },
      ...(v.openapiFingerprint ? [paragraph('OpenAPI fingerprint: ', { code: v.openapiFingerprint })] : []),
    ]),
    { kind: 'heading', level: 2, text: 'Model versions', id: 'model' },
    ...(data.model?.versions ?? []).flatMap((v): Block[] => [
      { kind: 'heading', level: 3, text: `${v.version} (${v.status}, ${v.from}${v.to ? ` to ${v.to}` : ' onwards'})` },
      paragraph(v.summary),
      { kind: 'list', items: v.changes.map((c) => [c]) },
    ]),
  ];
  return {
    path: '/changelog',
    title: 'Changelog',
    description: 'Every version of the API and of the model, what changed, and how deprecations are announced.',
    blocks,
  };
}
