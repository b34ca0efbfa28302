import type { Static } from '@sinclair/typebox';
import type { PublicationContent } from '../content.ts';
import type { Changelog } from '../schemas/changelog.ts';

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
