import dayjs from 'dayjs';

export const formatTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '';

/** A meeting's time: the day and the hours, or both ends in full when it spans days. */
export function meetingTime(start: string | null, end: string | null): string {
  if (!start || !end) return '';
  const from = dayjs(start);
  const to = dayjs(end);
  return from.isSame(to, 'day')
    ? `${from.format('YYYY-MM-DD HH:mm')} – ${to.format('HH:mm')}`
    : `${from.format('YYYY-MM-DD HH:mm')} – ${to.format('YYYY-MM-DD HH:mm')}`;
}

/** Where a meeting is in time: upcoming, ongoing or past. */
export function meetingPhase(start: string | null, end: string | null, now = Date.now()) {
  if (start && Date.parse(start) > now) return 'upcoming' as const;
  if (end && Date.parse(end) < now) return 'past' as const;
  return 'ongoing' as const;
}
