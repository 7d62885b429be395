import { useQuery } from '@tanstack/react-query';
import { authApi } from '@common/api/auth';
import type { CallInput } from '@common/api/contract';
import { call, callRaw } from '../../../lib/api';

/** The calls of the accounts area (common/api/auth.ts). Callers handle their own errors (`quiet`). */
const quiet = { quiet: true };

type LoginBody = CallInput<typeof authApi.login>['body'];
export const loginWithPassword = (body: Extract<LoginBody, { password: string }>) => call(authApi.login, { body }, quiet);
export const loginWithGoogle = (body: Extract<LoginBody, { access_token: string }>) => call(authApi.login, { body }, quiet);

export type RegisterPayload = CallInput<typeof authApi.register>['body'];
/** Returns the status (200 signed up, 202 confirmation mailed) and the answer. */
export async function register(body: RegisterPayload) {
  const response = await callRaw(authApi.register, { body }, quiet);
  // the answer's schema (and zod with it) comes with a registration, not with the login page, which imports this module too
  const [{ RegisterResultSchema }, { successOf }] = await Promise.all([import('@common/schemas/auth'), import('@common/schemas/api')]);
  const { success } = successOf(RegisterResultSchema).parse(await response.json());
  return {
    status: response.status,
    email: success.email,
    registration_ticket: 'registration_ticket' in success ? success.registration_ticket : undefined,
    message: 'message' in success ? success.message : undefined,
  };
}
export const verifyRegistrationWithoutOtp = (body: CallInput<typeof authApi.verifyRegistrationWithoutOtp>['body']) =>
  call(authApi.verifyRegistrationWithoutOtp, { body }, quiet);

export const forgotPassword = (email: string) => call(authApi.forgotPassword, { body: { email } }, quiet);
export const resetPassword = (body: CallInput<typeof authApi.resetPassword>['body']) => call(authApi.resetPassword, { body }, quiet);

export const profileQueryKey = ['profile'] as const;
export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: () => call(authApi.getUser, {}) });
}
export const upsertUser = (body: CallInput<typeof authApi.postUpSertUser>['body']) => call(authApi.postUpSertUser, { body }, quiet);
