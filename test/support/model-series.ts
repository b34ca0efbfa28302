import { type PointInTimeSeries, pointInTime } from '../../src/analytics/model/point-in-time.ts';
import { fromDayNumber } from '../../src/timeseries/dates.ts';

/** A series as the model reads it, every observation first seen long after (dated by its lag alone). */
export function modelSeries(values: Array<[string, number]>, lag = 1): PointInTimeSeries {
  return pointInTime(
    {
      dates: values.map(([d]) => d),
      firstValues: values.map(([, v]) => v),
      firstSeen: values.map(() => '2030-01-01T00:00:00Z'),
      revisions: new Map(),
    },
    lag,
  );
}

/** A reproducible random walk on the given days (mulberry32), never below `floor`. */
export function seededWalk(
  seed: number,
  level: number,
  vol: number,
  days: Int32Array,
  floor = Number.NEGATIVE_INFINITY,
): Array<[string, number]> {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let value = level;
  return Array.from(days, (day) => {
    value = Math.max(floor, value + (random() - 0.5) * 2 * vol);
    return [fromDayNumber(day), value] as [string, number];
  });
}
