/** Date arithmetic (spec §8) and the relative time, duration and dwell time displays of spec §9. */

export const DATE_UNITS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type DateUnit = (typeof DATE_UNITS)[number];

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function isDateUnit(unit: string): unit is DateUnit {
  return (DATE_UNITS as readonly string[]).includes(unit);
}

/**
 * A new date `amount` units after `date` (before it when negative). Years, months and days follow the local
 * calendar; a month-end overflow stays on the last day of the target month (Jan 31 + 1 month → Feb 28/29).
 * Hours, minutes and seconds add elapsed time.
 */
export function addDate(date: Date, amount: number, unit: DateUnit): Date {
  if (!isDateUnit(unit)) {
    throw new Error('date unit must be one of year, month, day, hour, minute or second');
  }
  if (!Number.isInteger(amount)) throw new Error(`date amount must be an integer, got ${amount}`);

  if (unit === 'hour') return new Date(date.getTime() + amount * HOUR_MS);
  if (unit === 'minute') return new Date(date.getTime() + amount * MINUTE_MS);
  if (unit === 'second') return new Date(date.getTime() + amount * SECOND_MS);

  const result = new Date(date.getTime());
  if (unit === 'day') {
    result.setDate(result.getDate() + amount);
    return result;
  }
  const monthsToAdd = unit === 'year' ? amount * 12 : amount;
  const dayOfMonth = result.getDate();
  result.setDate(1);
  result.setMonth(result.getMonth() + monthsToAdd);
  const daysInTargetMonth = new Date(result.getFullYear(), result.getMonth() + 1, 0).getDate();
  result.setDate(Math.min(dayOfMonth, daysInTargetMonth));
  return result;
}

export interface RelativeTimeLabels {
  justNow: string;
  minutesAgo: (minutes: number) => string;
  hoursAgo: (hours: number) => string;
  daysAgo: (days: number) => string;
}

export const ZH_CN_RELATIVE_TIME_LABELS: RelativeTimeLabels = {
  justNow: '刚刚',
  minutesAgo: (minutes) => `${minutes}分钟前`,
  hoursAgo: (hours) => `${hours}小时前`,
  daysAgo: (days) => `${days}天前`,
};

/**
 * How long ago `time` was, counted down to whole units:
 * under 30 s (or in the future) → 刚刚; 30 s to under 1 h → N分钟前 (at least 1);
 * 1 h to under 24 h → N小时前; from 24 h → N天前 (1天前 until 48 h).
 */
export function formatRelativeTime(
  time: Date | number,
  now: Date | number = Date.now(),
  labels: RelativeTimeLabels = ZH_CN_RELATIVE_TIME_LABELS,
): string {
  const elapsed = Number(now) - Number(time);
  if (Number.isNaN(elapsed)) throw new Error('relative time needs valid dates');
  if (elapsed < 30 * SECOND_MS) return labels.justNow;
  if (elapsed < HOUR_MS) return labels.minutesAgo(Math.max(1, Math.floor(elapsed / MINUTE_MS)));
  if (elapsed < DAY_MS) return labels.hoursAgo(Math.floor(elapsed / HOUR_MS));
  return labels.daysAgo(Math.floor(elapsed / DAY_MS));
}

export interface DurationLabels {
  days: (days: number) => string;
  hours: (hours: number) => string;
  minutes: (minutes: number) => string;
  seconds: (seconds: number) => string;
  /** Put between parts: '' in Chinese, ' ' in English. */
  separator: string;
  lessThanOneMinute: string;
}

export const ZH_CN_DURATION_LABELS: DurationLabels = {
  days: (days) => `${days}天`,
  hours: (hours) => `${hours}小时`,
  minutes: (minutes) => `${minutes}分钟`,
  seconds: (seconds) => `${seconds}秒`,
  separator: '',
  lessThanOneMinute: '小于1分钟',
};

function splitDuration(durationMs: number) {
  if (!Number.isFinite(durationMs) || durationMs < 0) {
    throw new Error(`duration must be a non-negative number of milliseconds, got ${durationMs}`);
  }
  return {
    days: Math.floor(durationMs / DAY_MS),
    hours: Math.floor((durationMs % DAY_MS) / HOUR_MS),
    minutes: Math.floor((durationMs % HOUR_MS) / MINUTE_MS),
    seconds: Math.floor((durationMs % MINUTE_MS) / SECOND_MS),
  };
}

type DurationPart = 'days' | 'hours' | 'minutes' | 'seconds';

function joinNonZeroParts(
  parts: Record<DurationPart, number>,
  shown: readonly DurationPart[],
  labels: DurationLabels,
): string {
  return shown
    .filter((part) => parts[part] > 0)
    .map((part) => labels[part](parts[part]))
    .join(labels.separator);
}

/** 93784000 ms → 1天2小时3分钟4秒; zero parts are left out, under a second → 0秒. */
export function formatDuration(durationMs: number, labels: DurationLabels = ZH_CN_DURATION_LABELS): string {
  const text = joinNonZeroParts(splitDuration(durationMs), ['days', 'hours', 'minutes', 'seconds'], labels);
  return text === '' ? labels.seconds(0) : text;
}

/** How long something has waited: days, hours, minutes (zero parts left out), or 小于1分钟. */
export function formatDwellTime(durationMs: number, labels: DurationLabels = ZH_CN_DURATION_LABELS): string {
  const text = joinNonZeroParts(splitDuration(durationMs), ['days', 'hours', 'minutes'], labels);
  return text === '' ? labels.lessThanOneMinute : text;
}
