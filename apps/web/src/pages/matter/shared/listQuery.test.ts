import { describe, expect, it } from 'vitest';
import { buildQueryFilter } from './listQuery';

describe('list query building (QueryFilter of the approval lists)', () => {
  it('sends only the page when there are no conditions', () => {
    expect(buildQueryFilter({}, { page: 2, pageSize: 20 }, null)).toEqual({
      pageBean: { page: 2, pageSize: 20, showTotal: true },
      querys: [],
      sorter: [],
    });
  });

  it('subject as LIKE (trimmed), flow type as IN on the flow keys, the sorter as given', () => {
    const filter = buildQueryFilter(
      { subject: '  请假 ', flowKeys: ['leave_request', 'overtime'] },
      { page: 1, pageSize: 10 },
      { property: 'createTime', direction: 'ASC' },
    );
    expect(filter.querys).toEqual([
      { property: 'subject', value: '请假', operation: 'LIKE', relation: 'AND' },
      { property: 'procDefKey', value: ['leave_request', 'overtime'], operation: 'IN', relation: 'AND' },
    ]);
    expect(filter.sorter).toEqual([{ property: 'createTime', direction: 'ASC' }]);
  });

  it('a blank subject and an empty flow type add nothing', () => {
    expect(buildQueryFilter({ subject: '  ', flowKeys: [] }, { page: 1, pageSize: 10 }, null).querys).toEqual(
      [],
    );
  });

  it('the time range covers whole local days, from the first millisecond to the last', () => {
    const [range] = buildQueryFilter(
      { range: ['2026-11-01', '2026-11-22'] },
      { page: 1, pageSize: 10 },
      null,
      'handleTime',
    ).querys!;
    expect(range?.property).toBe('handleTime');
    expect(range?.operation).toBe('BETWEEN');
    const [from, to] = range?.value as string[];
    expect(new Date(from!)).toEqual(new Date(2026, 10, 1, 0, 0, 0, 0));
    expect(new Date(to!)).toEqual(new Date(2026, 10, 22, 23, 59, 59, 999));
  });
});
