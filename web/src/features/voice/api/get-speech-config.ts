import { useQuery } from '@tanstack/react-query';
import type { SpeechConfig } from '@common/schemas/speech';
import { getSuccess } from '../../../lib/api';

export const speechConfigQueryKey = ['speechConfig'] as const;

export function getSpeechConfig(): Promise<SpeechConfig> {
  return getSuccess<SpeechConfig>('/speechConfig', { quiet: true });
}

/** Which speech-to-text the server offers; read once per page load. */
export function useSpeechConfig() {
  return useQuery({ queryKey: speechConfigQueryKey, queryFn: getSpeechConfig, staleTime: Infinity, retry: 1 });
}
