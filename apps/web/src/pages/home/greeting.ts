export type DayPeriod = 'earlyMorning' | 'morning' | 'noon' | 'afternoon' | 'evening';

/** The greeting by hour (spec §4): before 8 early morning, up to 11 morning, up to 13 noon, before 18 afternoon, else evening. */
export function dayPeriod(hour: number): DayPeriod {
  if (hour < 8) return 'earlyMorning';
  if (hour <= 11) return 'morning';
  if (hour <= 13) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
