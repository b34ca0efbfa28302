// Run by test/memory-mode.test.ts in a child process: replaces a ~40 MB structure twelve times (as a publication is
// replaced) with short-lived garbage between, then prints the largest heap V8 reserved meanwhile, in bytes.
// argv[2] === 'favour-memory': switch V8 to favour memory first, as the service does once it serves.
// argv[3] === 'after-growth': first let the heap grow as a start-up does (three such structures alive at once, as the
// first publication's build holds its inputs), then let them go, then switch (or not) and measure from there.
import { favourMemoryFromNowOn } from '../../src/memory-mode.ts';

function structure(): Array<{ date: string; value: number }> {
  return Array.from({ length: 250_000 }, (_, i) => ({ date: `d${i}`, value: i * 1.5 }));
}

if (process.argv[3] === 'after-growth') {
  let startUp: unknown = [structure(), structure(), structure()];
  void startUp;
  startUp = undefined;
}
let current = structure();
// The switch's collection runs in a task of its own: wait for it to finish (on a busy machine a fixed turn of the
// event loop was not always enough, and the heap grew past it before it ran).
if (process.argv[2] === 'favour-memory') await favourMemoryFromNowOn();
let peakBytes = 0;
for (let round = 0; round < 12; round++) {
  const next = structure();
  let garbage: unknown;
  for (let j = 0; j < 200_000; j++) garbage = { j, text: `r${j}` };
  current = next;
  peakBytes = Math.max(peakBytes, process.memoryUsage().heapTotal);
  void garbage;
}
process.stdout.write(`${JSON.stringify({ peakBytes, kept: current.length })}\n`);
