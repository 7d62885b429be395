import { useQuery } from '@tanstack/react-query';
import { authApi } from '@common/api/auth';
import { call } from './api';

/** Which captcha and sign-in methods the server offers (GET /api/authConfig), asked once per visit. */
export function useAuthConfig() {
  return useQuery({ queryKey: ['authConfig'], queryFn: () => call(authApi.authConfig, {}, { quiet: true }), staleTime: Infinity });
}
