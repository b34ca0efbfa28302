import type { Static } from '@sinclair/typebox';
import type { PublicationContent } from '../content.ts';
import { type Resource, resource } from '../resource.ts';
import { Changelog } from '../schemas/changelog.ts';
import type { Published } from './published.ts';

/** GET /api/changelog: the API's versions and deprecations (from the content) and the model's versions. */
export type ChangelogBody = Static<typeof Changelog>;

export function changelogBody(content: PublicationContent, model: { versions: unknown[] } | undefined): ChangelogBody {
  return {
    apiVersion: content.apiChangelog.versions[0]!.version,
    api: [...content.apiChangelog.versions],
    model: model?.versions ?? [],
    deprecationPolicy: content.apiChangelog.deprecationPolicy,
    deprecations: [...content.apiChangelog.deprecations],
  };
}

/** GET /api/changelog: needs the site content (the API's versions); absent without it. */
export const changelog: Published<'changelog', Resource<ChangelogBody>> = {
  key: 'changelog',
  path: '/api/changelog',
  cache: 'model',
  schema: Changelog,
  build: ({ input, built }) =>
    input.content && resource(changelogBody(input.content, built.model?.body), changelog.cache),
  example: (r) => r.body,
};
