import { useQuery } from '@tanstack/react-query';
import { speechApi } from '@common/api/speech';
import { call } from '../../../lib/api';

export const speechConfigQueryKey = ['speechConfig'] as const;

export const getSpeechConfig = () => call(speechApi.speechConfig, {}, { quiet: true });

/** Which speech-to-text the server offers; read once per page load. */
export function useSpeechConfig() {
  return useQuery({ queryKey: speechConfigQueryKey, queryFn: getSpeechConfig, staleTime: Infinity, retry: 1 });
}
