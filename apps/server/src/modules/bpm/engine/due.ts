import type { DueTime } from '@eip/contracts/flow';

const MINUTE = 60_000;

/** A due time after `from`: minutes, hours, calendar days, or working days (Saturdays and Sundays skipped). */
export function dueAfter(from: Date, due: DueTime): Date {
  switch (due.unit) {
    case 'minute':
      return new Date(from.getTime() + due.amount * MINUTE);
    case 'hour':
      return new Date(from.getTime() + due.amount * 60 * MINUTE);
    case 'day':
      return new Date(from.getTime() + due.amount * 24 * 60 * MINUTE);
    case 'workday': {
      const at = new Date(from);
      let left = due.amount;
      while (left > 0) {
        at.setUTCDate(at.getUTCDate() + 1);
        const day = at.getUTCDay();
        if (day !== 0 && day !== 6) left -= 1;
      }
      return at;
    }
  }
}
