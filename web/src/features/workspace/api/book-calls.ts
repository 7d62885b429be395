import type { BookAttribute } from '@common/schemas/workspace';
import { postSuccess } from '../../../lib/api';
import { guestHeaders } from './guest';

/** POST updateBookAttribute {id, attribute, value}: title, introduction or summary. */
export function updateBookAttribute(id: number, attribute: BookAttribute, value: string) {
  return postSuccess<{ value: string }>('/updateBookAttribute', { id, attribute, value }, { quiet: true, headers: guestHeaders(id) });
}

/** POST postCheckAllChaptersSubmitted {service_session_id}. */
export function checkAllChaptersSubmitted(sessionId: number) {
  return postSuccess<{ all_chapters_submitted: boolean; unsubmitted_chapter_ids: number[] }>(
    '/postCheckAllChaptersSubmitted',
    { service_session_id: sessionId },
    { headers: guestHeaders(sessionId) },
  );
}

/** POST getOptimizedTranscript {transcript}: success.content. */
export function optimizeTranscript(transcript: string, sessionId: number) {
  return postSuccess<{ content: string }>('/getOptimizedTranscript', { transcript, service_session_id: sessionId }, { headers: guestHeaders(sessionId) });
}

/** POST checkCouponForPayment {plan_id, service_session_id, code}: success.is_payed. */
export function checkCoupon(planId: number, sessionId: number, code: string) {
  return postSuccess<{ is_payed: boolean }>('/checkCouponForPayment', { plan_id: planId, service_session_id: sessionId, code });
}
