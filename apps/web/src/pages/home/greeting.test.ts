import { describe, expect, it } from 'vitest';
import { dayPeriod } from './greeting';

describe('spec §4: greeting by hour', () => {
  it.each([
    [0, 'earlyMorning'],
    [7, 'earlyMorning'],
    [8, 'morning'],
    [11, 'morning'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ] as const)('hour %i greets with %s', (hour, period) => {
    expect(dayPeriod(hour)).toBe(period);
  });
});
