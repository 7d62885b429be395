import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { familyApi } from '@common/api/family';
import { workspaceApi } from '@common/api/workspace';
import type { Contribution, ContributionStatus, CreateInvitationBody } from '@common/schemas/family';
import { call, callRaw } from '../../../lib/api';

const keys = {
  book: (id: number) => ['family-book', id],
  invitations: (id: number) => ['family-invitations', id],
  contributions: (id: number) => ['family-contributions', id],
};

/** The book's chapters and questions, to choose what a relative is asked. */
export const useFamilyBook = (bookId: number) =>
  useQuery({ queryKey: keys.book(bookId), queryFn: () => call(workspaceApi.getSession, { params: { serviceSessionId: bookId } }) });

export const useInvitations = (bookId: number) =>
  useQuery({ queryKey: keys.invitations(bookId), queryFn: () => call(familyApi.familyInvitations, { params: { id: bookId } }) });

const fetchContributions = (bookId: number) => call(familyApi.familyContributions, { params: { id: bookId } });

export const useContributions = (bookId: number) =>
  useQuery({ queryKey: keys.contributions(bookId), queryFn: () => fetchContributions(bookId) });

/**
 * A part of the book's contributions (one request per book, shared by every caller); the caller
 * re-renders only when its part changes (`select` must be stable: define it outside the component
 * or memoise it).
 */
export const useContributionsOf = <T>(bookId: number, select: (contributions: Contribution[]) => T) =>
  useQuery({ queryKey: keys.contributions(bookId), queryFn: () => fetchContributions(bookId), select });

/** A contribution's photo, for its author, as an object URL for an <img>. */
export async function contributionPhotoUrl(bookId: number, contributionId: number): Promise<string> {
  const response = await callRaw(
    familyApi.familyContributionPhoto,
    { params: { id: bookId, contribution_id: contributionId } },
    { quiet: true },
  );
  return URL.createObjectURL(await response.blob());
}

export function useFamilyActions(bookId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.invitations(bookId) }),
      queryClient.invalidateQueries({ queryKey: keys.contributions(bookId) }),
    ]);
  return {
    invite: useMutation({
      mutationFn: (body: Omit<CreateInvitationBody, 'service_session_id'>) =>
        call(familyApi.createFamilyInvitation, { body: { ...body, service_session_id: bookId } }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: number) =>
        call(familyApi.revokeFamilyInvitation, { body: { service_session_id: bookId, invitation_id: invitationId } }),
      onSuccess: refresh,
    }),
    credit: useMutation({
      mutationFn: (input: { invitationId: number; credited: boolean }) =>
        call(familyApi.setFamilyCredit, {
          body: { service_session_id: bookId, invitation_id: input.invitationId, credited: input.credited },
        }),
      onSuccess: refresh,
    }),
    decide: useMutation({
      mutationFn: (input: { contribution_id: number; status: ContributionStatus; text?: string | null }) =>
        call(familyApi.decideFamilyContribution, { body: { service_session_id: bookId, ...input } }),
      onSuccess: refresh,
    }),
  };
}
