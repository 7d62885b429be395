import type { z } from 'zod';

/**
 * How every API call is declared, once, for both sides: the server registers its route from the
 * declaration (`server/src/http/routes.ts`), the web calls it through its one client
 * (`web/src/lib/api.ts`). See docs/architecture.md.
 *
 * Who may call (`scope`):
 * - `public`: anyone; `request.user` is the signed-in user when a valid token is sent, else null.
 * - `user`:   a signed-in user; 401 otherwise.
 * - `book`:   a signed-in user or a guest holding a book's guest token (`X-Guest-Token`); 401 when the
 *             request carries neither, before anything else is looked at.
 * - `contributor`: a relative holding a family invitation link (`X-Invitation-Token`): 401 without it,
 *             404 when the link is unknown, revoked or expired (the same answer); the invitation is
 *             loaded before the handler (`request.invitation`).
 * With `book` set, the route loads that book before its handler (`request.book`): 404 when it is
 * missing or not the caller's (the same answer, so ids cannot be probed).
 */
export type Scope = 'public' | 'user' | 'book' | 'contributor';

/** Where the book id of a book route is: a path parameter or a body (or multipart) field. */
export interface BookLocator {
  in: 'params' | 'body';
  key: string;
}

/** One file field of a multipart form: larger files are refused with `tooBig` (413, `{max_mb}`). */
export interface FileField {
  maxBytes: number;
  tooBig: string;
}

/**
 * A multipart form: its text fields (validated like a JSON body) and its file fields. Unknown file
 * fields are drained and ignored; a JSON body is accepted instead of a form when no file is needed.
 */
export interface MultipartForm {
  fields: z.ZodObject;
  files: Record<string, FileField>;
  /** More file fields whose names match this pattern (e.g. image keys), each under `maxBytes`. */
  keyedFiles?: { pattern: RegExp; maxBytes: number; maxCount: number; tooBig: string; badKey: string };
  /** All files of one request together (413 with this code and `{megabytes}` beyond). */
  maxTotalBytes?: { max: number; tooBig: string };
}

export interface Call {
  method: 'GET' | 'POST';
  /** Under /api; `:name` segments are path parameters. */
  path: `/${string}`;
  scope: Scope;
  book?: BookLocator;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  multipart?: MultipartForm;
  /** The `success` payload of a JSON answer; absent when the answer is a file or an event stream. */
  response?: z.ZodType;
  /** A larger JSON body than the app's default. */
  bodyLimit?: number;
}

/** Declares one call; the literal type keeps every schema for both sides. */
export const defineCall = <const C extends Call>(call: C): C => call;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

/** The validated inputs a handler receives. */
export type CallParams<C extends Call> = Out<C['params']>;
export type CallQuery<C extends Call> = Out<C['query']>;
export type CallBody<C extends Call> = C['multipart'] extends MultipartForm ? z.output<C['multipart']['fields']> : Out<C['body']>;
/** The `success` payload as sent (handler side) and as parsed (client side). */
export type CallSuccessInput<C extends Call> = In<C['response']>;
export type CallSuccess<C extends Call> = Out<C['response']>;

/** What the client passes: only the parts the call declares. */
export type CallInput<C extends Call> = (C['params'] extends z.ZodType ? { params: z.input<C['params']> } : unknown) &
  (C['query'] extends z.ZodType ? { query: z.input<C['query']> } : unknown) &
  (C['body'] extends z.ZodType ? { body: z.input<C['body']> } : unknown) &
  (C['multipart'] extends MultipartForm
    ? { fields: z.input<C['multipart']['fields']>; files?: Partial<Record<keyof C['multipart']['files'] | string, Blob>> }
    : unknown);

/** The path with its parameters filled in, e.g. `/getSession/12`. */
export function callPath(call: Call, params?: Record<string, unknown>): string {
  return call.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}
