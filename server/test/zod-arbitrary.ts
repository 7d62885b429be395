import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries of values a zod schema (zod 4) accepts, read from its definition: objects,
 * strings (lengths, regex, e-mail), numbers (bounds, integers), enums, literals, arrays, records,
 * unions, optional/nullable/default, pipes (their input side) and coercions. Used by the fuzz test
 * to build valid requests for every declared call before mutating them.
 */
export function arbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Def;
  switch (def.type) {
    case 'string':
      return stringOf(def);
    case 'number':
      return numberOf(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional': {
      const inner = arbitraryOf(def.innerType as z.ZodType);
      if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return fc.option(inner, { nil: undefined });
      if (def.type === 'nullable') return fc.option(inner, { nil: null });
      return inner;
    }
    case 'pipe':
      // the input side; a pipe into a format (`.pipe(z.email())`) is generated from that format
      return isFormat(def.out as z.ZodType) ? arbitraryOf(def.out as z.ZodType) : arbitraryOf(def.in as z.ZodType);
    case 'transform':
      return fc.anything();
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const entries = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, arbitraryOf(value)]));
      return fc.record(entries).map((value) => dropUndefined(value));
    }
    case 'array': {
      const { min, max } = lengths(def, 0, 4);
      return fc.array(arbitraryOf(def.element as z.ZodType), { minLength: min, maxLength: Math.min(max, min + 4) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map(arbitraryOf));
    case 'record':
      return fc.dictionary(
        arbitraryOf(def.keyType as z.ZodType).filter((key): key is string => typeof key === 'string'),
        arbitraryOf(def.valueType as z.ZodType),
        { maxKeys: 4 },
      );
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(arbitraryOf));
    case 'intersection':
      return fc
        .tuple(arbitraryOf(def.left as z.ZodType), arbitraryOf(def.right as z.ZodType))
        .map(([a, b]) => (isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : a));
    case 'lazy':
      return arbitraryOf((def.getter as () => z.ZodType)());
    case 'unknown':
    case 'any':
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  length?: number;
}

const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);
const isFormat = (schema: z.ZodType) => checksOf(schema._zod.def as unknown as Def).some((check) => check.check === 'string_format');

function lengths(def: Def, min: number, max: number) {
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum!;
    if (check.check === 'max_length') max = check.maximum!;
    if (check.check === 'length_equals') min = max = check.length!;
  }
  return { min, max };
}

function stringOf(def: Def): fc.Arbitrary<unknown> {
  const format = checksOf(def).find((check) => check.check === 'string_format');
  // 40 characters bound only the text made up here: a pattern sets its own length (a
  // 64-digit signature must not be filtered against 40, which no generated value ever passes)
  const { min, max } = lengths(def, 0, format?.pattern ? Infinity : 40);
  let text: fc.Arbitrary<string>;
  if (format?.format === 'email') text = fc.emailAddress();
  else if (format?.pattern) text = fc.stringMatching(format.pattern);
  else text = fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 40) });
  const bounded = text.filter((value) => value.length >= min && value.length <= max);
  // a coerced string also takes what a form sends
  return def.coerce ? fc.oneof(bounded, fc.integer()) : bounded;
}

function numberOf(def: Def): fc.Arbitrary<unknown> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && /int/.test(check.format ?? '')) integer = true;
    if (check.check === 'greater_than') min = check.inclusive ? check.value! : check.value! + (integer ? 1 : 1e-6);
    if (check.check === 'less_than') max = check.inclusive ? check.value! : check.value! - (integer ? 1 : 1e-6);
  }
  // the bounds of a small fixture (ids, counts) are where the interesting values are
  const value = integer
    ? fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.constantFrom(Math.ceil(min), Math.floor(max)))
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return def.coerce ? fc.oneof(value, value.map(String)) : value;
}

function dropUndefined(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
