import { z } from 'zod';
import { ANSWER_MAX_LENGTH, LANGUAGES } from '../constants';
import { IdParam } from './api';
import { EmailSchema } from './auth';

/** Family contributions (issue 19): limits both sides apply. */
export const FAMILY = {
  nameMax: 80,
  relationMax: 60,
  messageMax: 1000,
  /** How long a link works unless the author chooses otherwise. */
  defaultDays: 30,
  maxDays: 90,
  /** Links one book may have at once (revoked and expired ones do not count). */
  maxActivePerBook: 50,
} as const;

/** What the relative may do: answer (chosen questions, or memories for the chapter), or only read the chapter. */
export const FamilyPermissionSchema = z.enum(['answer', 'read']);
export type FamilyPermission = z.infer<typeof FamilyPermissionSchema>;

/** pending → accepted (generation uses it) | quoted (a passage in the chapter) | dismissed; the author may reopen. */
export const ContributionStatusSchema = z.enum(['pending', 'accepted', 'quoted', 'dismissed']);
export type ContributionStatus = z.infer<typeof ContributionStatusSchema>;

const ChapterOrQuestionId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const CreateInvitationBodySchema = z.object({
  service_session_id: IdParam,
  contributor_name: trimmed(FAMILY.nameMax),
  relation: trimmed(FAMILY.relationMax),
  email: EmailSchema.nullable().optional(),
  language: z.enum(LANGUAGES),
  message: z.string().trim().max(FAMILY.messageMax).default(''),
  permission: FamilyPermissionSchema,
  chapter_id: ChapterOrQuestionId,
  /** Empty: the relative adds memories to the chapter as a whole. */
  question_ids: z.array(ChapterOrQuestionId).max(100).default([]),
  expires_in_days: z.number().int().min(1).max(FAMILY.maxDays).default(FAMILY.defaultDays),
});
export type CreateInvitationBody = z.input<typeof CreateInvitationBodySchema>;

export const InvitationStateSchema = z.enum(['active', 'expired', 'revoked']);

/** An invitation as its author sees it. */
export const InvitationSchema = z.object({
  id: z.number(),
  url: z.string(),
  contributor_name: z.string(),
  relation: z.string(),
  email: z.string().nullable(),
  language: z.enum(LANGUAGES),
  message: z.string(),
  permission: FamilyPermissionSchema,
  chapter_id: z.number(),
  question_ids: z.array(z.number()),
  expires_at: z.string(),
  state: InvitationStateSchema,
  contributions: z.number(),
  created_at: z.string(),
  /** Named on the book's contributors' page when their memories are kept (the author may leave them off). */
  credited: z.boolean(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** A contribution as the author sees it: who, for which question, what they wrote, what was decided. */
export const ContributionSchema = z.object({
  id: z.number(),
  invitation_id: z.number(),
  contributor_name: z.string(),
  relation: z.string(),
  chapter_id: z.number(),
  question_id: z.number().nullable(),
  /** The author's edit when there is one, else the relative's words. */
  text: z.string(),
  original_text: z.string(),
  has_photo: z.boolean(),
  status: ContributionStatusSchema,
  updated_at: z.string(),
});
export type Contribution = z.infer<typeof ContributionSchema>;

export const DecideContributionBodySchema = z.object({
  service_session_id: IdParam,
  contribution_id: IdParam,
  status: ContributionStatusSchema,
  /** The author's edit of the text (null puts the relative's words back). */
  text: z.string().trim().min(1).max(ANSWER_MAX_LENGTH).nullable().optional(),
});

/** What the relative sees through their link: the author's message, the questions, their own contributions. */
export const ContributorViewSchema = z.object({
  book_name: z.string(),
  author_name: z.string(),
  contributor_name: z.string(),
  relation: z.string(),
  language: z.enum(LANGUAGES),
  message: z.string(),
  permission: FamilyPermissionSchema,
  expires_at: z.string(),
  chapter: z.object({ id: z.number(), name: z.string(), text: z.string().nullable() }),
  questions: z.array(z.object({ id: z.number(), name: z.string(), nudges: z.array(z.string()) })),
  contributions: z.array(
    z.object({
      id: z.number(),
      question_id: z.number().nullable(),
      text: z.string(),
      has_photo: z.boolean(),
      status: ContributionStatusSchema,
    }),
  ),
});
export type ContributorView = z.infer<typeof ContributorViewSchema>;

/** A relative the book credits (someone whose memory the author accepted or quoted), as the book prints them. */
export const BookCreditSchema = z.object({ name: z.string(), relation: z.string() });
export type BookCredit = z.infer<typeof BookCreditSchema>;

/** The relative's answer (multipart: `photo` optional); an answer to the same question replaces the pending one. */
export const SaveContributionFieldsSchema = z.object({
  question_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  text: z.string().trim().min(1).max(ANSWER_MAX_LENGTH),
});
