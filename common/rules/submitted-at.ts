import { SUBMITTED_AT_TIME_ZONE } from '../constants';

/**
 * A chapter's `submitted_at`: `yyyy-mm-dd hh:mm:ss`, wall time in Europe/London (spec sections 3
 * and 9). Only the server stamps it (when it writes a generated chapter); the client shows what it
 * receives.
 */
export function londonTimestamp(date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: SUBMITTED_AT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
