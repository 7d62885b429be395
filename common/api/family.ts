import { z } from 'zod';
import { LANGUAGES, MAX_IMAGE_BYTES } from '../constants';
import { IdParam } from '../schemas/api';
import {
  BookCreditSchema,
  ContributionSchema,
  ContributorViewSchema,
  CreateInvitationBodySchema,
  DecideContributionBodySchema,
  InvitationSchema,
  SaveContributionFieldsSchema,
} from '../schemas/family';
import { TranscriptSchema } from '../schemas/speech';
import { defineCall } from './contract';
import { MAX_RECORDING_BYTES } from './speech';

const BookParams = z.object({ id: IdParam });
const BookInvitationBody = z.object({ service_session_id: IdParam, invitation_id: IdParam });

/**
 * Family contributions (issue 19). The author's calls are `user` calls on their own book; the
 * relative's are `contributor` calls: no account, the link's token in `X-Invitation-Token`.
 */
export const familyApi = {
  createFamilyInvitation: defineCall({
    method: 'POST',
    path: '/createFamilyInvitation',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: CreateInvitationBodySchema,
    response: InvitationSchema,
  }),
  familyInvitations: defineCall({
    method: 'GET',
    path: '/familyInvitations/:id',
    scope: 'user',
    book: { in: 'params', key: 'id' },
    params: BookParams,
    response: z.array(InvitationSchema),
  }),
  revokeFamilyInvitation: defineCall({
    method: 'POST',
    path: '/revokeFamilyInvitation',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: BookInvitationBody,
    response: InvitationSchema,
  }),
  /** Names a relative on the book's contributors' page, or leaves them off it (their memories stay). */
  setFamilyCredit: defineCall({
    method: 'POST',
    path: '/setFamilyCredit',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: BookInvitationBody.extend({ credited: z.boolean() }),
    response: InvitationSchema,
  }),
  familyContributions: defineCall({
    method: 'GET',
    path: '/familyContributions/:id',
    scope: 'user',
    book: { in: 'params', key: 'id' },
    params: BookParams,
    response: z.array(ContributionSchema),
  }),
  decideFamilyContribution: defineCall({
    method: 'POST',
    path: '/decideFamilyContribution',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: DecideContributionBodySchema,
    response: ContributionSchema,
  }),
  /** A contribution's photo, for the author. */
  familyContributionPhoto: defineCall({
    method: 'GET',
    path: '/familyContributionPhoto/:id/:contribution_id',
    scope: 'user',
    book: { in: 'params', key: 'id' },
    params: z.object({ id: IdParam, contribution_id: IdParam }),
  }),
  /**
   * Who the book credits on its contributors' page (the PDF, the EPUB, the preview): the relatives
   * whose memories the author accepted or quoted, in the order they first gave one. A guest's trial
   * book has none.
   */
  familyCredits: defineCall({
    method: 'GET',
    path: '/familyCredits/:id',
    scope: 'book',
    book: { in: 'params', key: 'id' },
    params: BookParams,
    response: z.array(BookCreditSchema),
  }),

  /** The relative's page: the author's message, the questions, their own contributions. */
  contributorInvitation: defineCall({
    method: 'GET',
    path: '/contributorInvitation',
    scope: 'contributor',
    response: ContributorViewSchema,
  }),
  saveFamilyContribution: defineCall({
    method: 'POST',
    path: '/saveFamilyContribution',
    scope: 'contributor',
    multipart: { fields: SaveContributionFieldsSchema, files: { photo: { maxBytes: MAX_IMAGE_BYTES, tooBig: 'family.image_too_big' } } },
    response: ContributorViewSchema,
  }),
  deleteFamilyContribution: defineCall({
    method: 'POST',
    path: '/deleteFamilyContribution',
    scope: 'contributor',
    body: z.object({ contribution_id: IdParam }),
    response: ContributorViewSchema,
  }),
  /**
   * A relative's spoken answer, transcribed like the author's (the same recorder, provider and
   * checks as getGoogleSpeechToText): the recording in `audio`; the language spoken is the link's
   * unless `language` says otherwise. Only links that may answer.
   */
  contributorSpeechToText: defineCall({
    method: 'POST',
    path: '/contributorSpeechToText',
    scope: 'contributor',
    multipart: {
      fields: z.object({ language: z.enum(LANGUAGES).optional() }),
      files: { audio: { maxBytes: MAX_RECORDING_BYTES, tooBig: 'speech.too_large' } },
    },
    response: TranscriptSchema,
  }),
  /** The relative's own contribution photo. */
  contributorPhoto: defineCall({
    method: 'GET',
    path: '/contributorPhoto/:contribution_id',
    scope: 'contributor',
    params: z.object({ contribution_id: IdParam }),
  }),
};
