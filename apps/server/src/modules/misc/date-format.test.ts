import { describe, expect, it } from 'vitest';
import { formatDate } from './date-format.js';

const date = new Date(2026, 10, 24, 9, 5, 7, 42);

describe('getCurrentDate patterns (spec §7 base/tools/getCurrentDate?valFormat)', () => {
  it('formats the usual form patterns', () => {
    expect(formatDate('yyyy-MM-dd', date)).toBe('2026-11-24');
    expect(formatDate('yyyy-MM-dd HH:mm:ss', date)).toBe('2026-11-24 09:05:07');
    expect(formatDate('yyyyMMdd', date)).toBe('20261124');
    expect(formatDate('yy/M/d H:m:s.SSS', date)).toBe('26/11/24 9:5:7.042');
    expect(formatDate('hh:mm a', new Date(2026, 0, 1, 13, 0))).toBe('01:00 PM');
    expect(formatDate('yyyy年MM月dd日', date)).toBe('2026年11月24日');
  });

  it('keeps quoted text and doubled quotes', () => {
    expect(formatDate("yyyy-MM-dd'T'HH:mm", date)).toBe('2026-11-24T09:05');
    expect(formatDate("HH 'o''clock'", date)).toBe("09 o'clock");
  });

  it('refuses letters it does not know and an unclosed quote', () => {
    expect(formatDate('yyyy-QQ', date)).toBeNull();
    expect(formatDate("yyyy 'open", date)).toBeNull();
  });
});
