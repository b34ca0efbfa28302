import type { History } from '../../analytics/model/history.ts';

/**
 * A history's JSON text kept column by column, with where each row's element ends, so that the text of its first
 * k rows is a slice. An `asOf` history takes the rows of the publication's history before the first day any
 * series was published differently (model/run.ts modelAsOf): joining text, instead of copying every row of every
 * column into arrays and serializing them again, spares the worker most of what such an answer would allocate,
 * and the collections that would follow.
 */
export interface HistoryText {
  /** The history's array fields, and those of its records of arrays (contributions, subIndices), by name. */
  columns: Map<string, ColumnText>;
  count: number;
  dates: ColumnText;
}

interface ColumnText {
  /** The elements' JSON, joined by commas, without the brackets. */
  text: string;
  /** ends[i]: where element i's text ends in `text`. */
  ends: Int32Array;
}

/** The history's text by column (once per publication: every element serialized on its own). */
export function historyText(history: History): HistoryText {
  const columns = new Map<string, ColumnText>();
  for (const [key, value] of Object.entries(history)) {
    if (Array.isArray(value)) columns.set(key, columnText(value));
    else if (value !== null && typeof value === 'object')
      for (const [inner, column] of Object.entries(value))
        columns.set(`${key}.${inner}`, columnText(column as unknown[]));
  }
  return { columns, count: history.count, dates: columns.get('dates')! };
}

function columnText(values: readonly unknown[]): ColumnText {
  const ends = new Int32Array(values.length);
  const parts = new Array<string>(values.length);
  let at = -1;
  for (let i = 0; i < values.length; i++) {
    // As JSON.stringify writes an array's element: undefined and non-finite numbers as null.
    parts[i] = JSON.stringify(values[i] ?? null) ?? 'null';
    at += parts[i]!.length + 1;
    ends[i] = at;
  }
  return { text: parts.join(','), ends };
}

/** The date of row `row` of a kept history (null past its end). */
export function rowDate(kept: HistoryText, row: number): string | null {
  if (row < 0 || row >= kept.count) return null;
  const start = row === 0 ? 0 : kept.dates.ends[row - 1]! + 1;
  return JSON.parse(kept.dates.text.slice(start, kept.dates.ends[row]!)) as string;
}

/**
 * The JSON text of a history whose first `rows` rows are `kept`'s and whose later rows are `rest`'s (a history of
 * the days after them: historyOf's fromDay): what JSON.stringify gives for the whole history, byte for byte, with
 * `rest`'s fields in its order, and from, to and count those of the whole. Example: kept dates ["a","b","c"], rows
 * 2, rest dates ["d"] → "dates":["a","b","d"], count 3, from "a", to "d".
 */
export function joinedHistoryText(kept: HistoryText, rows: number, rest: History): string {
  const count = rows + rest.count;
  const whole: Record<string, unknown> = {
    ...rest,
    from: rows > 0 ? rowDate(kept, 0) : rest.from,
    to: rest.count > 0 ? rest.to : rowDate(kept, rows - 1),
    count,
  };
  const fields: string[] = [];
  for (const [key, value] of Object.entries(whole)) {
    if (Array.isArray(value)) fields.push(`${JSON.stringify(key)}:${joinedColumn(kept.columns.get(key), rows, value)}`);
    else if (value !== null && typeof value === 'object') {
      const inner = Object.entries(value).map(
        ([name, column]) =>
          `${JSON.stringify(name)}:${joinedColumn(kept.columns.get(`${key}.${name}`), rows, column as unknown[])}`,
      );
      fields.push(`${JSON.stringify(key)}:{${inner.join(',')}}`);
    } else fields.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
  }
  return `{${fields.join(',')}}`;
}

function joinedColumn(kept: ColumnText | undefined, rows: number, rest: readonly unknown[]): string {
  if (rows > 0 && !kept) throw new Error('the kept history has no such column');
  const head = rows > 0 ? kept!.text.slice(0, kept!.ends[rows - 1]!) : '';
  const tail = rest.length > 0 ? JSON.stringify(rest).slice(1, -1) : '';
  return `[${head}${head && tail ? ',' : ''}${tail}]`;
}
