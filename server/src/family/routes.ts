import { familyApi } from '@common/api/family';
import { isLanguage } from '@common/languages';
import { routesOf } from '../http/routes';
import { limitByIp } from '../rate-limit';
import { bookCredits, findContribution, findInvitation, listContributions, listInvitations } from './repository';
import {
  contributionPhoto,
  contributorView,
  createInvitation,
  decideContribution,
  deleteContribution,
  presentContribution,
  presentInvitation,
  saveContribution,
  type FamilyContext,
} from './service';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { createSpeechProvider } from '../providers/speech';
import { SPEECH_RATE_LIMIT, transcribeRecording } from '../speech/service';
import type { FastifyReply } from 'fastify';

/** Relatives write for hours at most: enough for a family, not for a flood. */
const CONTRIBUTIONS_LIMIT = { max: 120, windowMs: 60 * 60_000 };
const INVITATIONS_LIMIT = { max: 60, windowMs: 60 * 60_000 };

const sendPhoto = (reply: FastifyReply, data: Buffer) =>
  reply
    .header('content-type', 'image/jpeg')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(data);

/** Family contributions (issue 19): the author's invitations and decisions, the relative's link. */
export const familyRoutes = routesOf(familyApi, (app) => {
  const ctx: FamilyContext = { ...app, publicUrl: app.config.PUBLIC_URL };
  const { db } = ctx;
  const speech = createSpeechProvider(app.config);
  const contributionsOf = async (bookId: number) => (await listContributions(db, bookId)).map(presentContribution);

  return {
    createFamilyInvitation: {
      limit: [limitByIp(db, 'family:invite', INVITATIONS_LIMIT)],
      handler: async (request) => ({ success: presentInvitation(ctx.publicUrl, await createInvitation(ctx, request.book, request.body)) }),
    },
    familyInvitations: async (request) => ({
      success: (await listInvitations(db, request.book.id)).map((row) => presentInvitation(ctx.publicUrl, row)),
    }),
    revokeFamilyInvitation: async (request) => {
      const row = await findInvitation(db, request.book.id, request.body.invitation_id);
      if (!row) throw notFound('family.invitation_not_found');
      const revoked = await db
        .updateTable('family_invitations')
        .set({ revoked_at: row.revoked_at ?? new Date().toISOString() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { success: presentInvitation(ctx.publicUrl, revoked) };
    },
    setFamilyCredit: async (request) => {
      const row = await findInvitation(db, request.book.id, request.body.invitation_id);
      if (!row) throw notFound('family.invitation_not_found');
      await db
        .updateTable('family_invitations')
        .set({ credited: request.body.credited ? 1 : 0 })
        .where('id', '=', row.id)
        .execute();
      const updated = (await listInvitations(db, request.book.id)).find((invitation) => invitation.id === row.id)!;
      return { success: presentInvitation(ctx.publicUrl, updated) };
    },
    familyContributions: async (request) => ({ success: await contributionsOf(request.book.id) }),
    familyCredits: async (request) => ({ success: await bookCredits(db, request.book.id) }),
    decideFamilyContribution: async (request) => {
      await decideContribution(ctx, request.book, request.body);
      const decided = (await contributionsOf(request.book.id)).find((c) => c.id === request.body.contribution_id)!;
      return { success: decided };
    },
    familyContributionPhoto: async (request, reply) =>
      sendPhoto(
        reply,
        await contributionPhoto(ctx, await findContribution(db, { sessionId: request.book.id }, request.params.contribution_id)),
      ),

    contributorInvitation: async (request) => ({ success: await contributorView(ctx, request.invitation) }),
    saveFamilyContribution: {
      limit: [limitByIp(db, 'family:contribute', CONTRIBUTIONS_LIMIT)],
      handler: async (request) => {
        const photo = request.uploads.photo?.data;
        await saveContribution(ctx, request.invitation, { ...request.body, photo });
        return { success: await contributorView(ctx, request.invitation) };
      },
    },
    deleteFamilyContribution: async (request) => {
      await deleteContribution(ctx, request.invitation, request.body.contribution_id);
      return { success: await contributorView(ctx, request.invitation) };
    },
    contributorSpeechToText: {
      limit: [limitByIp(db, 'family:speech', SPEECH_RATE_LIMIT)],
      handler: async (request) => {
        // a reading link has nothing to answer; checked before any audio reaches a provider
        if (request.invitation.permission !== 'answer') throw forbidden('family.read_only');
        if (!speech) throw new AppError(503, 'speech.not_configured');
        const audio = request.uploads.audio?.data;
        if (!audio) throw badRequest('speech.audio_missing');
        const language = request.body.language ?? (isLanguage(request.invitation.language) ? request.invitation.language : request.lng);
        return { success: { transcript: await transcribeRecording(speech, audio, language, request.log) } };
      },
    },
    contributorPhoto: async (request, reply) =>
      sendPhoto(
        reply,
        await contributionPhoto(ctx, await findContribution(db, { invitationId: request.invitation.id }, request.params.contribution_id)),
      ),
  };
});
