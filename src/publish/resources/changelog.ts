import type { PublicationContent } from '../content.ts';

/** GET /api/changelog: the API's versions and deprecations (from the content) and the model's versions. */
export interface ChangelogBody {
  apiVersion: string;
  api: PublicationContent['apiChangelog']['versions'];
  model: unknown[];
  deprecationPolicy: string;
  deprecations: PublicationContent['apiChangelog']['deprecations'];
}

export function changelogBody(content: PublicationContent, model: { versions: unknown[] } | undefined): ChangelogBody {
  return {
    apiVersion: content.apiChangelog.versions[0]!.version,
    api: content.apiChangelog.versions,
    model: model?.versions ?? [],
    deprecationPolicy: content.apiChangelog.deprecationPolicy,
    deprecations: content.apiChangelog.deprecations,
  };
}
