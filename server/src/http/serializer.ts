import crypto from 'node:crypto';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDeeplyFrozen } from './frozen';

/**
 * The JSON answer of a route, stripped to the fields its schema declares: a handler that returns a row
 * or an object with more in it never sends those fields (issue 17 item 5, decision in the comment of
 * `responseSerializerCompiler`).
 */
type Project = (value: unknown) => unknown;

/** The fast path cannot tell (a union, a record, a value of another type): zod decides instead. */
const undecided = new Error('undecided');

const projectors = new WeakMap<z.core.$ZodType, Project>();

/** The projection of a schema: a copy of a value holding only the declared fields, by typeof checks. */
export function projectorOf(schema: z.core.$ZodType): Project {
  const known = projectors.get(schema);
  if (known) return known;
  projectors.set(schema, (value) => projectors.get(schema)!(value)); // a schema that contains itself
  const compiled = compile(schema);
  projectors.set(schema, compiled);
  return compiled;
}

function compile(schema: z.core.$ZodType): Project {
  const def = schema._zod.def as z.core.$ZodTypes['_zod']['def'];
  switch (def.type) {
    case 'object': {
      // a loose object or one with a catchall keeps undeclared keys: zod knows which
      if (def.catchall && def.catchall._zod.def.type !== 'never') return encodedBy(schema);
      const fields = Object.entries(def.shape).map(([key, field]) => ({ key, project: projectorOf(field) }));
      return reusingFrozen((value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw undecided;
        const projected: Record<string, unknown> = {};
        for (const { key, project } of fields) {
          const field = project((value as Record<string, unknown>)[key]);
          if (field !== undefined) projected[key] = field;
        }
        return projected;
      });
    }
    case 'array': {
      const element = projectorOf(def.element);
      return reusingFrozen((value) => {
        if (!Array.isArray(value)) throw undecided;
        return value.map((item) => element(item));
      });
    }
    case 'optional': {
      const inner = projectorOf(def.innerType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'nullable': {
      const inner = projectorOf(def.innerType);
      return (value) => (value === null ? null : inner(value));
    }
    // defaults apply when reading input, not when encoding an answer
    case 'default':
    case 'prefault':
    case 'readonly':
      return projectorOf(def.innerType);
    case 'string':
      return (value) => (typeof value === 'string' ? value : fail());
    case 'number':
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? value : fail());
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : fail());
    case 'null':
      return (value) => (value === null ? null : fail());
    case 'enum': {
      const values = new Set<unknown>(Object.values(def.entries));
      return (value) => (values.has(value) ? value : fail());
    }
    case 'literal': {
      const values = new Set<unknown>(def.values);
      return (value) => (values.has(value) ? value : fail());
    }
    case 'unknown':
    case 'any':
      return (value) => value;
    default:
      return encodedBy(schema);
  }
}

function fail(): never {
  throw undecided;
}

function encodedBy(schema: z.core.$ZodType): Project {
  return (value) => {
    const result = z.safeEncode(schema, value);
    if (!result.success) throw undecided;
    return result.data;
  };
}

/**
 * A value frozen all the way down (http/frozen.ts: a book's kept checkpoint, which getSession sends
 * whole; My Books' kept summaries) cannot change, so its projected JSON is made once per projection and
 * kept with it, as UTF-8 bytes: the answer holding it is projected with a mark in its place, stringified,
 * and sent as one buffer of the bytes around the marks with the kept bytes in their place. A string
 * answer made by concatenation would be flattened, measured (`Content-Length`) and encoded to UTF-8
 * again for every answer — for a 28 KB checkpoint more CPU than the rest of the serializer.
 */
const frozenJson = new WeakMap<object, Map<Project, Buffer>>();

/** The kept JSON of frozen values: never changed once made, so what is made from one may be kept with it (http/compression.ts). */
const keptJson = new WeakSet<Buffer>();

/** Whether `payload` is a frozen value's kept JSON: an answer that was one frozen value whole is sent as it. */
export const isKeptJson = (payload: Buffer): boolean => keptJson.has(payload);

/**
 * JSON text our own code wrote and stored for an answer (a book's list summary, books/list-summary.ts),
 * written with exactly the fields its schema declares: sent as it is, never parsed, hashed or stringified
 * again (issue 17 item 5: My Books). Stands in the handler's answer for the value it holds (`storedJson`).
 */
class StoredJson {
  constructor(readonly json: string) {}
}

/** `json`, stored by our code with the declared fields of `T`, to be answered as it is. */
export const storedJson = <T>(json: string): T => new StoredJson(json) as unknown as T;

/** For zod's check of an answer (test and development): the answer with each stored JSON read back (a frozen value holds none: it was read from JSON). */
function withStoredJsonRead(value: unknown): unknown {
  if (value instanceof StoredJson) return JSON.parse(value.json);
  if (Array.isArray(value)) return value.map(withStoredJsonRead);
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withStoredJsonRead(field)]));
}

/** The JSON of the frozen (UTF-8) and stored values met while one answer is projected, in order (undefined: not splicing). */
let splices: Array<Buffer | string> | undefined;

/** What stands for a frozen value until its JSON is spliced in: a string no answer holds (a random id of this process). */
const SPLICE_MARK = `\u0000json:${crypto.randomUUID()}:`;

function reusingFrozen(project: Project): Project {
  return (value) => {
    if (value instanceof StoredJson) {
      if (splices === undefined) return project(JSON.parse(value.json));
      splices.push(value.json);
      return `${SPLICE_MARK}${splices.length - 1}`;
    }
    if (splices === undefined || typeof value !== 'object' || value === null || !Object.isFrozen(value) || !isDeeplyFrozen(value))
      return project(value);
    let byProjection = frozenJson.get(value);
    let json = byProjection?.get(project);
    if (json === undefined) {
      const outer = splices;
      splices = undefined;
      try {
        json = Buffer.from(JSON.stringify(project(value)));
      } finally {
        splices = outer;
      }
      if (!byProjection) frozenJson.set(value, (byProjection = new Map()));
      byProjection.set(project, json);
      keptJson.add(json);
    }
    splices.push(json);
    return `${SPLICE_MARK}${splices.length - 1}`;
  };
}

/** The answer's JSON (UTF-8) with each frozen or stored value's JSON in place of its mark (marks come in the order they were made). */
function spliced(json: string, parts: Array<Buffer | string>): Buffer {
  const around: string[] = [];
  let from = 0;
  let length = 0;
  parts.forEach((part, index) => {
    const mark = JSON.stringify(`${SPLICE_MARK}${index}`);
    const at = json.indexOf(mark, from);
    if (at < 0) throw new Error('serializer: a frozen value was projected but not stringified');
    const text = json.slice(from, at);
    around.push(text);
    length += Buffer.byteLength(text) + (typeof part === 'string' ? Buffer.byteLength(part) : part.length);
    from = at + mark.length;
  });
  const last = json.slice(from);
  const out = Buffer.allocUnsafe(length + Buffer.byteLength(last));
  let at = 0;
  parts.forEach((part, index) => {
    at += out.write(around[index], at);
    at += typeof part === 'string' ? out.write(part, at) : part.copy(out, at);
  });
  out.write(last, at);
  return out;
}

/** The projected answer as JSON (a buffer when kept JSON was spliced in), or undefined when the fast path cannot tell. */
function projectedJson(project: Project, data: unknown): string | Buffer | undefined {
  const outer = splices;
  const parts: Array<Buffer | string> = [];
  splices = parts;
  try {
    const json = JSON.stringify(project(data));
    if (parts.length === 0) return json;
    // an answer frozen whole (the catalog's lookups) is its kept JSON itself: no copy, and compressed once
    return parts.length === 1 && json === JSON.stringify(`${SPLICE_MARK}0`) ? parts[0] : spliced(json, parts);
  } catch (error) {
    if (error === undecided) return undefined;
    throw error;
  } finally {
    splices = outer;
  }
}

/**
 * Decision (issue 17 item 5): zod's full check of every answer (fastify-type-provider-zod) cost ~9 %
 * of a read's CPU, the whole checkpoint again for getSession. What must hold is that an answer never
 * carries a field its schema does not declare; the values' refinements (lengths, formats) are the
 * handlers' business, checked where the data comes in. So in production an answer is projected to its
 * declared shape by a walk compiled once per route (typeof checks, declared keys copied), and goes
 * through zod's encode whenever the projection cannot tell (unions, records, transforms, a value of
 * another type — then zod answers or fails exactly as before). With `checkEveryAnswer` (test and
 * development) zod checks every answer as before and the projection must give the same JSON, so every
 * API test also tests the projection.
 */
export function responseSerializerCompiler(checkEveryAnswer: boolean): FastifySerializerCompiler<unknown> {
  return (route) => {
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as (data: unknown) => string;
    if (!(route.schema instanceof z.core.$ZodType)) return checked;
    const project = projectorOf(route.schema);
    // Fastify sends a buffer as it is (its type says string: the serializer's answer only goes on to `reply.send`)
    if (!checkEveryAnswer) return (data) => (projectedJson(project, data) ?? checked(data)) as string;
    return (data) => {
      const answer = checked(withStoredJsonRead(data));
      const projected = projectedJson(project, data);
      if (projected !== undefined && projected.toString() !== answer)
        throw new Error(`${route.method} ${route.url}: the projected answer differs from zod's: ${projected.toString()} ≠ ${answer}`);
      // the projection's own answer (a buffer for a kept value), so that every API test sends what production sends
      return (projected ?? answer) as string;
    };
  };
}
