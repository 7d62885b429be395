import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import { toast } from 'react-toastify';
import { HTTP_TIMEOUT_MS } from '@common/constants';
import { isLanguage, languageOfPath, normalizeLanguage } from '@common/languages';
import { i18n } from '../app/i18n';
import { getToken, notifyUnauthorized } from './token-store';

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

export const api = axios.create({ baseURL: `${apiBaseUrl()}/api`, timeout: HTTP_TIMEOUT_MS });

api.interceptors.request.use((config) => {
  config.headers.set('lng', requestLanguage());
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** Calls whose failures the caller handles itself (no global toast). */
export interface QuietConfig extends AxiosRequestConfig {
  quiet?: boolean;
}

api.interceptors.response.use(
  (response) => response,
  (error: AxiosError<{ error?: string }>) => {
    try {
      const status = error.response?.status;
      const config = (error.config ?? {}) as QuietConfig;
      if (status === 401) {
        notifyUnauthorized();
      } else if (status === 402 && config.url?.includes('getPaymentForm')) {
        // the spec shows nothing for a 402 on the payment-form request
      } else if (!config.quiet) {
        const message = error.response?.data?.error ?? (error.response ? i18n.t('errors:error_in_request') : i18n.t('errors:network_error'));
        toast.error(message, { toastId: message });
      }
    } catch {
      toast.error(i18n.t('errors:error_in_request'));
    }
    return Promise.reject(error);
  },
);

/** The `success` payload of an answer. */
export async function getSuccess<T>(url: string, config?: QuietConfig): Promise<T> {
  const response = await api.get<{ success: T }>(url, config);
  return response.data.success;
}

export async function postSuccess<T>(url: string, body?: unknown, config?: QuietConfig): Promise<T> {
  const response = await api.post<{ success: T }>(url, body, config);
  return response.data.success;
}
