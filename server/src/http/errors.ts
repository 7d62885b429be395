/**
 * An expected failure: an HTTP status and a stable code whose message lives in
 * locales/{lng}/errors.json. The error handler translates it into the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export const badRequest = (code = 'invalid_input', params?: Record<string, string | number>) => new AppError(400, code, params);
export const unauthorized = (code = 'unauthorized') => new AppError(401, code);
export const forbidden = (code = 'forbidden') => new AppError(403, code);
export const notFound = (code = 'not_found') => new AppError(404, code);
export const conflict = (code = 'conflict', extra?: Record<string, unknown>) => new AppError(409, code, {}, extra);
export const paymentRequired = (code = 'payment_required') => new AppError(402, code);
export const tooMany = (code = 'rate_limited') => new AppError(429, code);
