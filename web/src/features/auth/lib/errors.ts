import { ApiError } from '../../../lib/api';

/** The translated message the server sent (`{error, code}`), if any. */
export function serverError(error: unknown): {
  status?: number;
  code?: string;
  message?: string;
  captchaRequired?: boolean;
  /** Seconds before the server takes the next try (a sign-in after wrong passwords). */
  retryAfter?: number;
} {
  if (!(error instanceof ApiError) || error.status === null) return {};
  const retryAfter = typeof error.data.retry_after === 'number' ? error.data.retry_after : undefined;
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    captchaRequired: error.data.captcha_required === true,
    retryAfter,
  };
}
