import { useQuery } from '@tanstack/react-query';
import type { AuthConfig, LoginResult, User } from '@common/schemas/auth';
import { api, getSuccess, postSuccess, type QuietConfig } from '../../../lib/api';

/** The calls of the accounts area (spec section 7). Callers handle their own errors (`quiet`). */
const quiet: QuietConfig = { quiet: true };

export const authConfigQueryKey = ['authConfig'] as const;
export function useAuthConfig() {
  return useQuery({ queryKey: authConfigQueryKey, queryFn: () => getSuccess<AuthConfig>('/authConfig', quiet), staleTime: Infinity });
}

export const loginWithPassword = (body: {
  email: string;
  password: string;
  trial_session: string | null;
  remember_me: boolean;
  captcha?: string;
}) => postSuccess<LoginResult>('/login', body, quiet);
export const loginWithGoogle = (body: {
  access_token: string;
  trial_session: string | null;
  remember_me: boolean;
  given_name?: string;
  family_name?: string;
}) => postSuccess<LoginResult>('/login', body, quiet);

export interface RegisterPayload {
  first_name: string;
  last_name: string;
  email: string;
  city: string;
  password: string;
  confirm_password: string;
  captcha?: string;
}
/** Returns the status (200 signed up, 202 confirmation mailed) and the answer. */
export async function register(body: RegisterPayload) {
  const response = await api.post<{ success: { email: string; registration_ticket?: string; message?: string } }>('/register', body, quiet);
  return { status: response.status, ...response.data.success };
}
export const verifyRegistrationWithoutOtp = (body: { email: string; registration_ticket: string; trial_session: string | null }) =>
  postSuccess<LoginResult>('/verifyRegistrationWithoutOtp', body, quiet);

export const forgotPassword = (email: string) => postSuccess<{ message: string }>('/forgotPassword', { email }, quiet);
export const resetPassword = (body: { token: string; password: string; confirm_password: string }) =>
  postSuccess<{ message: string }>('/resetPassword', body, quiet);

export const profileQueryKey = ['profile'] as const;
export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: () => getSuccess<User>('/getUser') });
}
export const upsertUser = (body: { id: number; first_name: string; last_name: string; city: string }) =>
  postSuccess<{ user: User; message: string }>('/postUpSertUser', body, quiet);
