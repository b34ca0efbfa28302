import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { ApiError, truncate } from '../errors/api-error.ts';
import './formats.ts';
import { ALIAS_OF, QUERY_ALIASES, QUERY_PARAMETERS, type QueryName, type QueryValue } from './query.ts';

/** A handler read a query parameter its route does not declare: a programming error, caught by the tests. */
export class UndeclaredParameter extends Error {}

const NAME_OF: ReadonlyMap<string, QueryName> = new Map([
  ...Object.keys(QUERY_PARAMETERS).map((name) => [name, name as QueryName] as const),
  ...Object.entries(QUERY_ALIASES),
]);

// A whole number written in plain decimal digits: TypeBox's own conversion would also take "1e3", "+5" or " 5".
const DIGITS = /^(0|[1-9][0-9]{0,8})$/;

/**
 * One route's query parameters as one TypeBox object, compiled once: each request's query is read against it —
 * parsed (an integer from its digits), checked (bounds, formats, patterns, choices) and defaulted (the defaults
 * computed by TypeBox's `Value.Default` from the same schemas). Example: a route declaring days and asOf parses
 * `?days=90` to days 90 and `?days=1e3` to 400 invalid_parameter with days' hint.
 */
export class QueryShape {
  /** The names the route takes: each declared parameter and its FRED alias, if any. */
  readonly names: ReadonlySet<string>;
  readonly #declared: ReadonlySet<QueryName>;
  readonly #schema: TObject;
  readonly #check: TypeCheck<TObject>;
  readonly #defaults: Readonly<Record<string, unknown>>;
  /** The query without any parameter: shared by every such request. */
  readonly nothingGiven: ParsedQuery;

  constructor(declared: Iterable<QueryName>) {
    this.#declared = new Set(declared);
    const aliases = [...this.#declared]
      .map((name) => ALIAS_OF.get(name))
      .filter((alias): alias is string => alias !== undefined);
    this.names = new Set<string>([...this.#declared, ...aliases]);
    const properties: Record<string, TSchema> = {};
    for (const name of this.#declared) properties[name] = Type.Optional(QUERY_PARAMETERS[name]);
    this.#schema = Type.Object(properties);
    this.#check = TypeCompiler.Compile(this.#schema);
    this.#defaults = Object.freeze(Value.Default(this.#schema, {}) as Record<string, unknown>);
    this.nothingGiven = new ParsedQuery(Object.freeze({}), this);
  }

  declares(name: QueryName): boolean {
    return this.#declared.has(name);
  }

  defaultOf(name: QueryName): unknown {
    return this.#defaults[name];
  }

  /** The route's query read from a query string: its parameters, or 400 invalid_parameter naming the first wrong one. */
  parse(search: URLSearchParams): ParsedQuery | ApiError {
    if (search.size === 0) return this.nothingGiven;
    const values: Record<string, unknown> = {};
    const texts: Record<string, string> = {};
    for (const [key, text] of search) {
      const name = NAME_OF.get(key);
      // Not the route's: an API endpoint has refused it already (dispatch.ts); a page ignores it.
      if (name === undefined || !this.#declared.has(name)) continue;
      if (name in texts) return repeated(name, search);
      texts[name] = text;
      const schema: TSchema = QUERY_PARAMETERS[name];
      if (text === '' && schema.emptyIsAbsent === true) continue;
      values[name] = schema.type === 'integer' && DIGITS.test(text) ? Number(text) : text;
    }
    if (this.#check.Check(values)) return new ParsedQuery(values, this);
    const first = this.#check.Errors(values).First();
    const name = (first?.path.split('/')[1] ?? '') as QueryName;
    return new ApiError(
      'invalid_parameter',
      `Invalid value for parameter "${name}": "${truncate(texts[name] ?? '')}".`,
      (QUERY_PARAMETERS[name] as TSchema | undefined)?.hint ?? 'See /openapi.json for the parameters it takes.',
    );
  }
}

/** The same parameter given more than once (or by both its names: start and observation_start). */
function repeated(name: QueryName, search: URLSearchParams): ApiError {
  const alias = ALIAS_OF.get(name);
  const times = search.getAll(name).length + (alias ? search.getAll(alias).length : 0);
  const schema: TSchema = QUERY_PARAMETERS[name];
  return new ApiError('invalid_parameter', `Parameter "${name}" was given ${times} times.`, schema.hint ?? '');
}

/**
 * A route's query once read: each declared parameter's value as its schema types it, its default when absent.
 * Example: for `?sort=desc`, get('sort') → 'desc', get('offset') → 0, given('offset') → false.
 */
export class ParsedQuery {
  readonly #values: Readonly<Record<string, unknown>>;
  readonly #shape: QueryShape;

  constructor(values: Readonly<Record<string, unknown>>, shape: QueryShape) {
    this.#values = values;
    this.#shape = shape;
  }

  get<K extends QueryName>(name: K): QueryValue<K> {
    if (!this.#shape.declares(name)) throw new UndeclaredParameter(`the query parameter "${name}" is not declared`);
    const value = this.#values[name];
    return (value === undefined ? this.#shape.defaultOf(name) : value) as QueryValue<K>;
  }

  /** Whether the request gave the parameter (a blank date is not given). */
  given(name: QueryName): boolean {
    if (!this.#shape.declares(name)) throw new UndeclaredParameter(`the query parameter "${name}" is not declared`);
    return this.#values[name] !== undefined;
  }
}

/**
 * A request's query string and the shape of its route's query: `read()` parses it once the handler needs it, so a
 * handler decides what it answers first (an unknown series before a bad window).
 */
export class QueryString {
  readonly #search: URLSearchParams;
  readonly #shape: QueryShape;

  constructor(search: URLSearchParams, shape: QueryShape) {
    this.#search = search;
    this.#shape = shape;
  }

  read(): ParsedQuery | ApiError {
    return this.#shape.parse(this.#search);
  }

  /** How many parameters the query string holds (repeats counted). */
  get size(): number {
    return this.#search.size;
  }

  /** The whole query string as given, to build a link or a redirect from (not to read a parameter). */
  copy(): URLSearchParams {
    return new URLSearchParams(this.#search);
  }
}
