import { publicationContent } from '../../src/publication-content.ts';
import { modelOutcome } from '../../src/publish/model/computation.ts';
import { buildPublication, type Publication, type PublicationInput } from '../../src/publish/publication/build.ts';

/**
 * The publication that follows `previous` on the same data, as a recompute builds it: the next version, the model
 * computed again (unless `changes` gives its outcome), the fixed content; `changes` replaces any of the input.
 */
export function nextPublication(
  previous: Publication,
  now: Date,
  changes: Partial<PublicationInput> = {},
): Promise<Publication> {
  return buildPublication({
    vintaged: previous.vintaged,
    states: new Map(),
    now,
    version: previous.version + 1,
    baseUrl: previous.baseUrl,
    previous,
    content: publicationContent({ baseUrl: previous.baseUrl, partnerSitesJson: undefined }),
    ...changes,
    computed: changes.computed ?? modelOutcome(previous.vintaged, now, previous.baseUrl),
  });
}
