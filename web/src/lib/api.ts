import { toast } from './toast';
import { HTTP_TIMEOUT_MS } from '@common/constants';
import { isLanguage, languageOfPath, normalizeLanguage } from '@common/languages';
import { callPath, type Call, type CallInput, type CallSuccess } from '@common/api/contract';
import { i18n } from './i18n';
import { hasSession, notifyUnauthorized } from './token-store';
import { readTrialSession } from './trial-session';

/**
 * The base address (spec section 7): same origin by default; VITE_API_BASE_URL for a split
 * deployment (localhost uses port 8000, dev- hosts the dev API, others production).
 */
export function apiBaseUrl(): string {
  return (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';
}

/** The request language: the path segment, else the browser's, else en. */
export function requestLanguage(): string {
  const first = window.location.pathname.split('/')[1];
  if (isLanguage(first)) return languageOfPath(window.location.pathname);
  return normalizeLanguage(navigator.language);
}

/** The guest's trial book token (X-Guest-Token), when this browser holds a trial book. */
function guestToken(): string | null {
  try {
    return readTrialSession()?.guest_token ?? null;
  } catch {
    return null;
  }
}

/**
 * The headers of every call, in one place: `lng` and the guest token. The session travels in its
 * HttpOnly cookie (same origin), never in a header a page script could read.
 */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { lng: requestLanguage() };
  const guest = guestToken();
  if (guest) headers['X-Guest-Token'] = guest;
  return headers;
}

/** A failed call: the HTTP status (null when the server was not reached) and the server's `{error, code}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string | undefined,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** The caller handles failures itself: no global toast. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Sent even when the page unloads (at most 64 KB). */
  keepalive?: boolean;
  /** Extra headers, e.g. `accept: text/event-stream`. */
  headers?: Record<string, string>;
  /** A 401 is the caller's answer, not a sign that the session ended (the startup refresh). */
  keepSessionOn401?: boolean;
}

function requestBody(call: Call, input: Record<string, unknown>): BodyInit | undefined {
  if (call.multipart) {
    const form = new FormData();
    for (const [key, value] of Object.entries((input.fields ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    for (const [key, file] of Object.entries((input.files ?? {}) as Record<string, Blob | undefined>)) {
      if (file) form.append(key, file, file instanceof File ? file.name : key);
    }
    return form;
  }
  return input.body === undefined ? undefined : JSON.stringify(input.body);
}

/** The failure of a call whose answer did not reach the client (status null), told as a toast unless `quiet`; an abort of the caller's own stays as it is. */
function notReached(error: unknown, options: CallOptions): unknown {
  if (options.signal?.aborted) return error;
  const failure = new ApiError(null, undefined, i18n.t('errors:network_error'));
  if (!options.quiet) toast.error(failure.message, { toastId: failure.message });
  return failure;
}

/**
 * Sends a declared call and answers the raw Response (file downloads, event streams). Failures
 * are handled here for every call: 401 signs out, other errors show the server's message as a
 * toast unless `quiet` (and never for a 402 on getPaymentForm, per the spec), then throw ApiError.
 */
export async function callRaw<C extends Call>(call: C, input: CallInput<C>, options: CallOptions = {}): Promise<Response> {
  const values = input as Record<string, unknown>;
  const query = values.query ? `?${new URLSearchParams(values.query as Record<string, string>)}` : '';
  const body = requestBody(call, values);
  const headers = { ...apiHeaders(), ...options.headers, ...(typeof body === 'string' && { 'content-type': 'application/json' }) };
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}/api${callPath(call, values.params as Record<string, unknown>)}${query}`, {
      method: call.method,
      headers,
      body,
      signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    throw notReached(error, options);
  }
  if (response.ok) return response;
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const failure = new ApiError(
    response.status,
    typeof data.code === 'string' ? data.code : undefined,
    typeof data.error === 'string' ? data.error : i18n.t('errors:error_in_request'),
    data,
  );
  // A rejected session signs the user out; a visitor who had none has nothing to sign out of.
  if (response.status === 401 && hasSession()) {
    if (!options.keepSessionOn401) notifyUnauthorized();
  } else if (!options.quiet && !(response.status === 402 && call.path === '/getPaymentForm'))
    toast.error(failure.message, { toastId: failure.message });
  throw failure;
}

/**
 * Sends a declared call and answers its `success` payload. This file imports no zod. In the built SPA the
 * declarations are views without schemas (`web/api-views.ts`: zod stays out of the first load of the pages whose
 * first reads come with them) and the answer is taken as sent: the server sends every answer through the
 * declaration's schema. Where the real declaration is at hand (development, tests), its schema checks the answer.
 */
export async function call<C extends Call>(call: C, input: CallInput<C>, options: CallOptions = {}): Promise<CallSuccess<C>> {
  const response = await callRaw(call, input, options);
  if (!call.response) throw new Error(`${call.path} answers a file or a stream: use callRaw`);
  let answer: unknown;
  try {
    answer = await response.json();
  } catch (error) {
    // an answer whose body never arrived (the page being left, the connection cut) did not reach us either
    throw notReached(error, options);
  }
  const success = typeof answer === 'object' && answer !== null ? (answer as { success?: unknown }).success : undefined;
  const schema: unknown = call.response;
  return (typeof schema === 'object' && schema !== null && 'parse' in schema ? call.response.parse(success) : success) as CallSuccess<C>;
}

/** The HTTP status of a failed call (null: the server was not reached; undefined: not a call failure). */
export const failureStatus = (error: unknown): number | null | undefined => (error instanceof ApiError ? error.status : undefined);
