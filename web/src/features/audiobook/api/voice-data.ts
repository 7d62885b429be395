import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { audiobookApi } from '@common/api/audiobook';
import { readBeforeUserNamed, UNNAMED_USER, useAuth } from '../../../app/auth';
import { call } from '../../../lib/api';

const voiceDataKey = (userId: number | string) => ['my-voice-data', userId];

/** The author's voice samples and voice models (`GET /api/myVoiceData`). */
export function useMyVoiceData() {
  const { user } = useAuth();
  return useQuery({
    queryKey: voiceDataKey(user?.id ?? UNNAMED_USER),
    queryFn: () => call(audiobookApi.myVoiceData, {}),
    placeholderData: readBeforeUserNamed,
  });
}

/** Deletes a voice sample (by book) or a voice model (and its clone at the provider), then reloads the list. */
export function useDeleteVoiceData() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { sample: number } | { model: number }) =>
      'sample' in target
        ? call(audiobookApi.deleteVoiceSample, { body: { service_session_id: target.sample } })
        : call(audiobookApi.deleteVoiceModel, { params: { voice_model_id: target.model } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: voiceDataKey(user?.id ?? UNNAMED_USER) }),
  });
}
