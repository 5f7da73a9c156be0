import { describe, expect, it } from 'vitest';
import { dueAfter } from './due.js';

describe('due times of a node (dueTime setting)', () => {
  const friday = new Date('2026-11-20T09:00:00Z');
  it('adds minutes, hours and calendar days', () => {
    expect(dueAfter(friday, { amount: 30, unit: 'minute' }).toISOString()).toBe('2026-11-20T09:30:00.000Z');
    expect(dueAfter(friday, { amount: 5, unit: 'hour' }).toISOString()).toBe('2026-11-20T14:00:00.000Z');
    expect(dueAfter(friday, { amount: 2, unit: 'day' }).toISOString()).toBe('2026-11-22T09:00:00.000Z');
  });
  it('counts working days past the weekend', () => {
    expect(dueAfter(friday, { amount: 1, unit: 'workday' }).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(dueAfter(friday, { amount: 6, unit: 'workday' }).toISOString()).toBe('2026-11-30T09:00:00.000Z');
  });
});
