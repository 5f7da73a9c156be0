import { describe, expect, it } from 'vitest';
import { envelope, stubFetch, type SentRequest } from '../../test/fetch';
import { findLeader, peopleFilter } from './people';

const person = (id: string, fullname: string, orgId: string) => ({ id, fullname, orgId, isCharge: true });

describe('the directory’s queries (组织架构)', () => {
  it('searches active colleagues by name and account, and by pinyin when the text is letters', () => {
    const filter = peopleFilter({ text: ' ZW ', orgPath: 'a.b.', page: 2 });
    expect(filter.pageBean).toEqual({ page: 2, pageSize: 20, showTotal: true });
    expect(filter.querys).toEqual([
      { property: 'status', value: 1, operation: 'EQUAL', relation: 'AND' },
      { property: 'fullname', value: 'ZW', operation: 'LIKE', relation: 'OR', group: 'text' },
      { property: 'account', value: 'ZW', operation: 'LIKE', relation: 'OR', group: 'text' },
      { property: 'pinyinInitials', value: 'zw', operation: 'RIGHT_LIKE', relation: 'OR', group: 'text' },
      { property: 'pinyin', value: 'zw', operation: 'RIGHT_LIKE', relation: 'OR', group: 'text' },
    ]);
    const chinese = peopleFilter({ text: '张', orgPath: null, page: 1 }).querys!.map((q) => q.property);
    expect(chinese).toEqual(['status', 'fullname', 'account']);
  });

  it('without text lists an org’s subtree by its path', () => {
    expect(peopleFilter({ text: '', orgPath: 'a.b.', page: 1 }).querys).toContainEqual({
      property: 'orgPath',
      value: 'a.b.',
      operation: 'RIGHT_LIKE',
      relation: 'AND',
    });
    expect(peopleFilter({ text: '', orgPath: null, page: 1 }).querys).toHaveLength(1);
  });

  it('finds the head of the person’s org; a head’s leader is the head of the org above', async () => {
    const orgOf = (request: SentRequest) =>
      (request.body as { querys: { property: string; value: unknown }[] }).querys.find(
        (q) => q.property === 'orgId' || q.property === 'id',
      )?.value;
    stubFetch((request) => {
      if (request.url.includes('getOrgPage')) {
        return envelope({
          rows: [{ id: orgOf(request), parentId: orgOf(request) === 'dept' ? 'center' : null }],
        });
      }
      const heads = { dept: [person('hu', '胡军', 'dept')], center: [person('sun', '孙浩', 'center')] };
      return envelope({ rows: heads[orgOf(request) as 'dept' | 'center'] ?? [] });
    });
    expect((await findLeader({ id: 'zhu', orgId: 'dept' }))?.fullname).toBe('胡军');
    expect((await findLeader({ id: 'hu', orgId: 'dept' }))?.fullname).toBe('孙浩');
    expect(await findLeader({ id: 'sun', orgId: 'center' })).toBeNull();
  });
});
