import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { ApiError } from '../../../src/http/errors/api-error.ts';
import { UNAVAILABLE_LOG_EVERY_MS, unavailableLog } from '../../../src/http/routing/unavailable-log.ts';

/** A logger whose lines are kept, parsed, in `lines`. */
function collectingLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

const busy = new ApiError('busy', 'Too much is being computed on demand.', 'Retry after 2 s.');
const failed = new ApiError('internal_error', 'The answer could not be computed.', 'Retry later.');

describe('the log of answers the service could not give', () => {
  it('writes the first of a code at once, then one line a minute counting what it answered so since', () => {
    const { log, lines } = collectingLogger();
    let nowMs = 0;
    const logged = unavailableLog(log, () => nowMs);
    // A flood: a thousand refusals a second for two and a half minutes.
    for (; nowMs < 150_000; nowMs++) logged(busy, `/api/series/tga?units=pch&start=${nowMs}`);
    assert.equal(lines.length, 3, 'one line at once, one at 60 s, one at 120 s: not one per refusal');
    assert.deepEqual(
      lines.map((line) => line.answered),
      [1, UNAVAILABLE_LOG_EVERY_MS, UNAVAILABLE_LOG_EVERY_MS],
    );
    assert.equal(lines[0]!.url, '/api/series/tga?units=pch&start=0');
    assert.equal(lines[0]!.code, 'busy');
    assert.equal(lines[0]!.level, 40, 'shedding load is a warning, not an error');
  });

  it('counts each code apart, and a fault is an error', () => {
    const { log, lines } = collectingLogger();
    const logged = unavailableLog(log, () => 0);
    logged(busy, '/a');
    logged(failed, '/b');
    logged(busy, '/c');
    assert.deepEqual(
      lines.map((line) => [line.code, line.level]),
      [
        ['busy', 40],
        ['internal_error', 50],
      ],
    );
  });
});
