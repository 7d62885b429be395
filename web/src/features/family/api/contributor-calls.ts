import { useQuery, useQueryClient } from '@tanstack/react-query';
import { familyApi } from '@common/api/family';
import { isLanguage } from '@common/languages';
import type { ContributorView } from '@common/schemas/family';
import { call, callRaw, type CallOptions } from '../../../lib/api';

/**
 * The relative's calls: the link's token travels in `X-Invitation-Token` (it is read from the page's
 * fragment, so it never reaches a server log); a refused link is this page's answer, never a reason
 * to sign out whoever else uses this browser.
 */
const asRelative = (token: string): CallOptions => ({ headers: { 'x-invitation-token': token }, keepSessionOn401: true });

const invitationKey = (token: string) => ['contributor-invitation', token];

export function useContributorInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: () => call(familyApi.contributorInvitation, {}, { ...asRelative(token), quiet: true }),
    enabled: token !== '',
    retry: false,
  });
}

/** Saves (or replaces) the relative's answer to one question, or their memory of the chapter. */
export function useContributionActions(token: string) {
  const queryClient = useQueryClient();
  const keep = (view: ContributorView) => queryClient.setQueryData(invitationKey(token), view);
  return {
    save: async (input: { question_id: number | null; text: string; photo?: File | null }) =>
      keep(
        await call(
          familyApi.saveFamilyContribution,
          {
            fields: { text: input.text, ...(input.question_id !== null && { question_id: input.question_id }) },
            ...(input.photo && { files: { photo: input.photo } }),
          },
          asRelative(token),
        ),
      ),
    remove: async (contributionId: number) =>
      keep(await call(familyApi.deleteFamilyContribution, { body: { contribution_id: contributionId } }, asRelative(token))),
  };
}

/** A relative's spoken answer, transcribed through their link (the author's recorder, in the link's language unless `lng`). */
export async function transcribeAsRelative(token: string, recording: { blob: Blob; fileName: string; lng?: string }): Promise<string> {
  const { transcript } = await call(
    familyApi.contributorSpeechToText,
    {
      fields: { ...(recording.lng && isLanguage(recording.lng) && { language: recording.lng }) },
      files: { audio: new File([recording.blob], recording.fileName, { type: recording.blob.type }) },
    },
    { ...asRelative(token), quiet: true },
  );
  return transcript;
}

/** The relative's own photo, as an object URL for an <img>. */
export async function contributorPhotoUrl(token: string, contributionId: number): Promise<string> {
  const response = await callRaw(
    familyApi.contributorPhoto,
    { params: { contribution_id: contributionId } },
    { ...asRelative(token), quiet: true },
  );
  return URL.createObjectURL(await response.blob());
}
