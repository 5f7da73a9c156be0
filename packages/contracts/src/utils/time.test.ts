import { describe, expect, it } from 'vitest';
import {
  addDate,
  formatDuration,
  formatDwellTime,
  formatRelativeTime,
  type DateUnit,
  type DurationLabels,
  type RelativeTimeLabels,
} from './time.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('addDate', () => {
  const start = new Date(2024, 0, 31, 10, 20, 30);

  it('spec §8: adds years, months and days on the local calendar', () => {
    expect(addDate(start, 1, 'year')).toEqual(new Date(2025, 0, 31, 10, 20, 30));
    expect(addDate(start, 2, 'month')).toEqual(new Date(2024, 2, 31, 10, 20, 30));
    expect(addDate(start, -2, 'month')).toEqual(new Date(2023, 10, 30, 10, 20, 30));
    expect(addDate(start, 1, 'day')).toEqual(new Date(2024, 1, 1, 10, 20, 30));
    expect(addDate(start, -31, 'day')).toEqual(new Date(2023, 11, 31, 10, 20, 30));
  });

  it('spec §8: a month-end overflow stays on the last day of the target month', () => {
    expect(addDate(start, 1, 'month')).toEqual(new Date(2024, 1, 29, 10, 20, 30));
    expect(addDate(new Date(2024, 1, 29), 1, 'year')).toEqual(new Date(2025, 1, 28));
  });

  it('spec §8: adds hours, minutes and seconds as elapsed time', () => {
    expect(addDate(start, 14, 'hour')).toEqual(new Date(2024, 1, 1, 0, 20, 30));
    expect(addDate(start, -21, 'minute')).toEqual(new Date(2024, 0, 31, 9, 59, 30));
    expect(addDate(start, 30, 'second')).toEqual(new Date(2024, 0, 31, 10, 21, 0));
  });

  it('spec §8: leaves the given date untouched', () => {
    const before = start.getTime();
    addDate(start, 3, 'month');
    expect(start.getTime()).toBe(before);
  });

  it('spec §8: a unit other than year, month, day, hour, minute or second throws', () => {
    for (const unit of ['week', 'days', '', 'Year']) {
      expect(() => addDate(start, 1, unit as DateUnit)).toThrow(
        new Error('date unit must be one of year, month, day, hour, minute or second'),
      );
    }
  });

  it('spec §8: a fractional amount throws', () => {
    expect(() => addDate(start, 1.5, 'month')).toThrow(/date amount must be an integer/);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2024, 5, 1, 12, 0, 0).getTime();
  const ago = (ms: number) => formatRelativeTime(now - ms, now);

  it('spec §9: under 30 s is 刚刚, and so is a time in the future', () => {
    expect(ago(0)).toBe('刚刚');
    expect(ago(29_999)).toBe('刚刚');
    expect(ago(-5 * MINUTE)).toBe('刚刚');
  });

  it('spec §9: from 30 s to under an hour counts whole minutes, at least 1', () => {
    expect(ago(30 * SECOND)).toBe('1分钟前');
    expect(ago(MINUTE + 59 * SECOND)).toBe('1分钟前');
    expect(ago(2 * MINUTE)).toBe('2分钟前');
    expect(ago(HOUR - 1)).toBe('59分钟前');
  });

  it('spec §9: from an hour to under a day counts whole hours', () => {
    expect(ago(HOUR)).toBe('1小时前');
    expect(ago(DAY - 1)).toBe('23小时前');
  });

  it('spec §9: from a day on it is 1天前, then whole days', () => {
    expect(ago(DAY)).toBe('1天前');
    expect(ago(2 * DAY - 1)).toBe('1天前');
    expect(ago(2 * DAY)).toBe('2天前');
    expect(ago(40 * DAY)).toBe('40天前');
  });

  it('spec §9: accepts Date objects and other labels', () => {
    const en: RelativeTimeLabels = {
      justNow: 'just now',
      minutesAgo: (n) => `${n} min ago`,
      hoursAgo: (n) => `${n} h ago`,
      daysAgo: (n) => (n === 1 ? '1 day ago' : `${n} days ago`),
    };
    expect(formatRelativeTime(new Date(now - 3 * HOUR), new Date(now), en)).toBe('3 h ago');
    expect(formatRelativeTime(now - DAY, now, en)).toBe('1 day ago');
  });

  it('spec §9: an invalid date throws instead of showing 刚刚', () => {
    expect(() => formatRelativeTime(new Date('nope'), now)).toThrow(/valid dates/);
  });
});

describe('formatDuration and formatDwellTime', () => {
  it('spec §9: duration shows days, hours, minutes and seconds', () => {
    expect(formatDuration(DAY + 2 * HOUR + 3 * MINUTE + 4 * SECOND)).toBe('1天2小时3分钟4秒');
    expect(formatDuration(59 * SECOND + 999)).toBe('59秒');
  });

  it('spec §9: duration leaves out zero parts and shows 0秒 for nothing', () => {
    expect(formatDuration(DAY + 5 * SECOND)).toBe('1天5秒');
    expect(formatDuration(2 * HOUR)).toBe('2小时');
    expect(formatDuration(0)).toBe('0秒');
    expect(formatDuration(999)).toBe('0秒');
  });

  it('spec §9: dwell time shows days, hours and minutes, else 小于1分钟', () => {
    expect(formatDwellTime(3 * DAY + 4 * HOUR + 5 * MINUTE + 6 * SECOND)).toBe('3天4小时5分钟');
    expect(formatDwellTime(DAY + 30 * SECOND)).toBe('1天');
    expect(formatDwellTime(MINUTE)).toBe('1分钟');
    expect(formatDwellTime(MINUTE - 1)).toBe('小于1分钟');
    expect(formatDwellTime(0)).toBe('小于1分钟');
  });

  it('spec §9: duration and dwell time take other labels', () => {
    const en: DurationLabels = {
      days: (n) => `${n}d`,
      hours: (n) => `${n}h`,
      minutes: (n) => `${n}m`,
      seconds: (n) => `${n}s`,
      separator: ' ',
      lessThanOneMinute: '< 1 min',
    };
    expect(formatDuration(DAY + 3 * MINUTE, en)).toBe('1d 3m');
    expect(formatDwellTime(10 * SECOND, en)).toBe('< 1 min');
  });

  it('spec §9: a negative or non-finite duration throws', () => {
    for (const duration of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatDuration(duration)).toThrow(/duration must be a non-negative number/);
      expect(() => formatDwellTime(duration)).toThrow(/duration must be a non-negative number/);
    }
  });
});
