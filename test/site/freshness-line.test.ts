import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROVIDERS_UNREACHABLE } from '../../src/publish/resources/health.ts';
import type { RegimeBody } from '../../src/publish/resources/model.ts';
import { freshnessLine } from '../../src/site/freshness-line.ts';
import type { SiteData } from '../../src/site/site-data.ts';

/**
 * Issue 43, point 1: the dashboard's one line on the data, said after the reading. A first start — every input read
 * from the snapshot bundled with the release, the providers unreachable — says so, with the snapshot's date.
 */
const regime = (vintageFrom: string | undefined) =>
  ({
    date: '2026-11-20',
    dataAsOf: '2026-11-20',
    freshness: { state: 'stale', reason: null },
    provisional: null,
    coverage: { indicators: 2, totalIndicators: 2, missing: [] },
    provenance: {
      inputs: [
        { id: 'reserve-ratio', lastDate: '2026-11-18', vintageSeenAt: '2026-11-26T00:00:00Z', vintageFrom },
        { id: 'effr-iorb', lastDate: '2026-11-19', vintageSeenAt: '2026-11-26T00:00:00Z', vintageFrom },
      ],
    },
  }) as unknown as RegimeBody;

const data = (reasons: string[]) =>
  ({
    generatedAt: '2026-12-01T08:00:00.000Z',
    history: { to: '2026-11-20' },
    health: { reasons, sources: [] },
    model: {
      groups: [
        {
          id: 'quantity',
          indicators: [
            { id: 'reserve-ratio', label: 'reserves / bank assets' },
            { id: 'effr-iorb', label: 'EFFR − IORB' },
          ],
        },
      ],
    },
  }) as unknown as SiteData;

const text = (block: ReturnType<typeof freshnessLine>) => (block.kind === 'notice' ? String(block.inlines[0]) : '');

describe('the data’s line on the dashboard (issue 43, point 1)', () => {
  it('a first start says the data comes from the snapshot bundled with the release, dated, and that the providers could not be reached', () => {
    const line = freshnessLine(
      data([`${PROVIDERS_UNREACHABLE} (3 tries)`]),
      regime('bootstrap snapshot of 2026-11-26'),
    );
    assert.match(
      text(line),
      /^Data from the snapshot bundled with this release, dated Nov 26, 2026 \(data to Nov 20, 2026\); the providers could not be reached\./,
    );
  });

  it('data read from the providers says how old it is, not "snapshot"', () => {
    const line = freshnessLine(data([]), regime(undefined));
    assert.match(text(line), /^Data to Nov 20, 2026, 11 days old\./);
    assert.doesNotMatch(text(line), /snapshot/);
  });
});
