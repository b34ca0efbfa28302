import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { servedAfterEdits } from './support/served-after-edits.ts';
import type { SourceEdit } from './support/source-edits.ts';
import { ADD_INDICATOR } from './support/worked-paths/add-indicator.ts';

/**
 * docs/contributing.md's worked paths, each done once as a contributor would: the source edits the guide
 * describes, applied as the modules load (test/support/source-edits.ts), then what the service serves. A guide
 * that drifts from the code fails here: an edit whose text is gone stops the child.
 */
const GUIDE = readFileSync(new URL('../docs/contributing.md', import.meta.url), 'utf8');

/** The files a worked path names under "Files:" (at most 3 to understand, issue 40). */
function filesOf(heading: string): string[] {
  const section = GUIDE.slice(GUIDE.indexOf(`## ${heading}`));
  const line = section.split('\n').find((l) => l.startsWith('Files:')) ?? '';
  return [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

const RECOLOUR_CHART: SourceEdit = {
  file: '/src/site/charts/svg.ts',
  from: "const ACCENT = '#2563eb';",
  to: "const ACCENT = '#7c3aed';",
};

const RAISE_RISK_OFF: SourceEdit = { file: '/src/analytics/model/spec.ts', from: 'riskOff: 80,', to: 'riskOff: 85,' };

const WORKED_ENDPOINT = "'../../../test/support/worked-paths/thresholds.ts'";

const ADD_ENDPOINT: SourceEdit[] = [
  {
    file: '/src/publish/resources/list.ts',
    from: "import { changelog } from './changelog.ts';",
    to: `import { changelog } from './changelog.ts';\nimport { thresholds } from ${WORKED_ENDPOINT};`,
  },
  { file: '/src/publish/resources/list.ts', from: '  changelog,\n', to: '  changelog,\n  thresholds,\n' },
  {
    file: '/src/http/routes/published-routes.ts',
    from: "import { getChangelog } from './changelog.ts';",
    to: `import { getChangelog } from './changelog.ts';\nimport { getThresholds } from ${WORKED_ENDPOINT};`,
  },
  {
    file: '/src/http/routes/published-routes.ts',
    from: '  changelog: getChangelog,\n',
    to: '  changelog: getChangelog,\n  thresholds: getThresholds,\n',
  },
  {
    file: '/src/http/routes/table.ts',
    from: 'ROUTE_TABLE: readonly Route[] = [',
    to: 'ROUTE_TABLE: readonly Route[] = [published.thresholds,',
  },
];

describe('docs/contributing.md: each worked path, done once', () => {
  it('names at most 3 files to understand for each path, and they exist', () => {
    for (const heading of ['Add a series', 'Add an endpoint', 'Change a threshold', 'Change a chart']) {
      const files = filesOf(heading);
      assert.ok(files.length >= 1 && files.length <= 3, `${heading}: ${files.join(', ')}`);
      for (const file of files) assert.doesNotThrow(() => readFileSync(new URL(`../${file}`, import.meta.url)), file);
    }
    assert.ok(filesOf('Add a series').includes(ADD_INDICATOR.file.slice(1)));
    assert.ok(filesOf('Change a threshold').includes(RAISE_RISK_OFF.file.slice(1)));
    assert.ok(filesOf('Change a chart').includes(RECOLOUR_CHART.file.slice(1)));
    // The two lists the endpoint is added to (one line each) are named in its steps.
    const endpointSection = GUIDE.slice(GUIDE.indexOf('## Add an endpoint'), GUIDE.indexOf('## Change a threshold'));
    for (const edit of ADD_ENDPOINT) assert.ok(endpointSection.includes(`\`${edit.file.slice(1)}\``), edit.file);
  });

  it('change a threshold: the model, its summary, the statuses and the dashboard follow', async () => {
    const served = await servedAfterEdits([RAISE_RISK_OFF], ['GET /api/model', 'GET /api/history', 'GET /index.md']);
    const model = JSON.parse(served['GET /api/model']!.body) as {
      thresholds: { riskOffAtOrAbove: number };
      summary: string;
    };
    assert.equal(model.thresholds.riskOffAtOrAbove, 85);
    assert.match(model.summary, /risk-off from 85 until below/);
    const history = JSON.parse(served['GET /api/history']!.body) as {
      headline: number[];
      status: (string | null)[];
    };
    history.status.forEach((status, i) => {
      const entered = status === 'risk-off' && history.status[i - 1] !== 'risk-off';
      if (entered) assert.ok(history.headline[i]! >= 85, `risk-off entered at ${history.headline[i]}`);
    });
    assert.match(served['GET /index.md']!.body, /85 and above is risk-off/);
  });

  it('add an endpoint: it answers, and the directory, the OpenAPI document and the parameter check follow', async () => {
    const served = await servedAfterEdits(ADD_ENDPOINT, [
      'GET /api/thresholds',
      'GET /api/thresholds?days=3',
      'GET /api',
      'GET /openapi.json',
    ]);
    assert.equal(served['GET /api/thresholds']!.status, 200);
    assert.deepEqual(JSON.parse(served['GET /api/thresholds']!.body), { riskOffAtOrAbove: 80, riskOnAtOrBelow: 20 });
    assert.equal(JSON.parse(served['GET /api/thresholds?days=3']!.body).error.code, 'unknown_parameter');
    const directory = JSON.parse(served['GET /api']!.body) as { endpoints: { path: string }[] };
    assert.ok(directory.endpoints.some((e) => e.path === '/api/thresholds'));
    const openapi = JSON.parse(served['GET /openapi.json']!.body) as {
      paths: Record<
        string,
        { get?: { operationId: string; responses: Record<string, { content: Record<string, { example?: unknown }> }> } }
      >;
    };
    const operation = openapi.paths['/api/thresholds']?.get;
    assert.equal(operation?.operationId, 'getThresholds');
    // Built with the publication, after the model it reads: its real answer is the documented example.
    assert.deepEqual(operation?.responses['200']?.content['application/json']?.example, {
      riskOffAtOrAbove: 80,
      riskOnAtOrBelow: 20,
    });
  });

  it('change a chart: the series colour changes in the served SVG', async () => {
    const request = 'GET /charts/tga.svg';
    const [before, after] = await Promise.all([
      servedAfterEdits([], [request]),
      servedAfterEdits([RECOLOUR_CHART], [request]),
    ]);
    assert.match(before[request]!.body, /#2563eb/i);
    assert.doesNotMatch(after[request]!.body, /#2563eb/i);
    assert.match(after[request]!.body, /#7c3aed/i);
  });
});
