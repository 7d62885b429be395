import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { familyApi } from '@common/api/family';
import { workspaceApi } from '@common/api/workspace';
import type { ContributionStatus, CreateInvitationBody } from '@common/schemas/family';
import { call } from '../../../lib/api';

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

export const useContributions = (bookId: number) =>
  useQuery({ queryKey: keys.contributions(bookId), queryFn: () => call(familyApi.familyContributions, { params: { id: bookId } }) });

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
    decide: useMutation({
      mutationFn: (input: { contribution_id: number; status: ContributionStatus; text?: string | null }) =>
        call(familyApi.decideFamilyContribution, { body: { service_session_id: bookId, ...input } }),
      onSuccess: refresh,
    }),
  };
}
