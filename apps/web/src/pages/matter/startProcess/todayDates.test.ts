import { describe, expect, it } from 'vitest';
import { emptyDateFields } from './todayDates';

describe('date fields a new request starts at the server’s today', () => {
  const schema = {
    type: 'object',
    properties: {
      startDate: { type: 'string', format: 'date' },
      endDate: { type: 'string', format: 'date' },
      signedOn: { type: 'string', format: 'date', default: '2026-01-01' },
      at: { type: 'string', format: 'date-time' },
      reason: { type: 'string' },
    },
  };

  it('are the empty date fields without a default', () => {
    expect(emptyDateFields(schema, {})).toEqual(['startDate', 'endDate']);
    expect(emptyDateFields(schema, { startDate: '2026-11-02', endDate: '' })).toEqual(['endDate']);
  });

  it('are none for a schema without properties', () => {
    expect(emptyDateFields({ type: 'object' }, {})).toEqual([]);
  });
});
