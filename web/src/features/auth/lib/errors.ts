import { ApiError } from '../../../lib/api';

/** The translated message the server sent (`{error, code}`), if any. */
export function serverError(error: unknown): { status?: number; code?: string; message?: string; captchaRequired?: boolean } {
  if (!(error instanceof ApiError) || error.status === null) return {};
  return { status: error.status, code: error.code, message: error.message, captchaRequired: error.data.captcha_required === true };
}
