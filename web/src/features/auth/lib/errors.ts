import { isAxiosError } from 'axios';

/** The translated message the server sent (`{error, code}`), if any. */
export function serverError(error: unknown): { status?: number; code?: string; message?: string } {
  if (!isAxiosError<{ error?: string; code?: string }>(error)) return {};
  return { status: error.response?.status, code: error.response?.data?.code, message: error.response?.data?.error };
}
