import { describe, expect, it } from 'vitest';
import { formatMinute } from './time.js';

describe('formatMinute', () => {
  it('writes yyyy-MM-dd HH:mm with leading zeros, in local time', () => {
    expect(formatMinute(new Date(2026, 0, 5, 8, 3, 59))).toBe('2026-01-05 08:03');
    expect(formatMinute(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31 23:59');
  });
});
