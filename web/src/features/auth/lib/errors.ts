import { isAxiosError } from 'axios';

/** The translated message the server sent (`{error, code}`), if any. */
export function serverError(error: unknown): { status?: number; code?: string; message?: string; captchaRequired?: boolean } {
  if (!isAxiosError<{ error?: string; code?: string; captcha_required?: boolean }>(error)) return {};
  const data = error.response?.data;
  return { status: error.response?.status, code: data?.code, message: data?.error, captchaRequired: data?.captcha_required === true };
}
