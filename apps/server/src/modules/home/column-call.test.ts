import { describe, expect, it } from 'vitest';
import { callData, callRequest, callRoute, parseRequestHeader } from './column-call.js';
import { lastMonths } from './providers.js';

describe('call columns', () => {
  it('spec §5: request header text must be valid JSON, else 请求头部不是有效的JSON格式', () => {
    expect(parseRequestHeader('{"X-Trace":"home"}')).toEqual({ 'x-trace': 'home' });
    expect(parseRequestHeader('  ')).toEqual({});
    for (const text of ['{x:1}', '[]', '"text"', '{"a":1}', '{"bad name":"x"}'])
      expect(() => parseRequestHeader(text), text).toThrow(
        expect.objectContaining({ key: 'home.headerNotJson' }),
      );
    expect(() => parseRequestHeader('{"Cookie":"x"}')).toThrow(
      expect.objectContaining({ key: 'home.headerReserved' }),
    );
  });

  it('names a read of the route table by group placeholder or group path, with its method', () => {
    expect(callRoute('${bpmRunTime}/task/v1/getTodoCount', 'POST')).toBe('getTodoCount');
    expect(callRoute('/bpm-runtime/task/v1/getTodoCount', 'POST')).toBe('getTodoCount');
    expect(callRoute('${portal}/portalNewsNotice/getNews', 'GET')).toBe('getNews');
    for (const [dataFrom, method] of [
      ['${bpmRunTime}/task/v1/getTodoCount', 'GET'],
      ['${unknown}/task/v1/getTodoCount', 'POST'],
      ['http://example.com/task/v1/getTodoCount', 'POST'],
      ['${bpmRunTime}/task/v1/complete', 'POST'],
      ['${portal}/sysIndexColumn/v1/getDatasByAlias', 'POST'],
      ['${bpmRunTime}/../task/v1/getTodoCount', 'POST'],
    ] as const)
      expect(() => callRoute(dataFrom, method), dataFrom).toThrow(
        expect.objectContaining({ key: 'home.callUnknown' }),
      );
  });

  it('sends parameters as the query of a GET and as JSON values in the body of a POST; the viewer’s headers win', () => {
    const get = callRequest('getNews', [{ name: 'size', value: '5' }], '{"X-A":"1"}', {
      authorization: 'Bearer t',
    });
    expect(get).toMatchObject({
      method: 'GET',
      url: '/portal/portalNewsNotice/getNews',
      query: { size: '5' },
    });
    expect(get.headers).toEqual({ 'x-a': '1', authorization: 'Bearer t' });
    const post = callRequest(
      'getTodoList',
      [
        { name: 'pageBean', value: '{"page":1,"pageSize":5}' },
        { name: 'note', value: 'plain text' },
      ],
      null,
      {},
    );
    expect(post.payload).toEqual({ pageBean: { page: 1, pageSize: 5 }, note: 'plain text' });
  });

  it('shows a number as a figure, a list or page as items, anything else not at all', () => {
    expect(callData(7, '待办数', 10)).toEqual({
      figures: [{ key: 'value', label: '待办数', value: 7, decimals: 0 }],
    });
    expect(callData({ rows: [{ id: 'a', subject: '请假', createTime: 't' }], total: 9 }, 'x', 10)).toEqual({
      items: [{ id: 'a', title: '请假', time: 't' }],
      total: 9,
    });
    expect(callData([{ name: '张三' }, 'b'], 'x', 1)).toEqual({
      items: [{ id: '0', title: '张三' }],
      total: 2,
    });
    expect(callData({ a: 1 }, 'x', 10)).toBeNull();
  });

  it('the chart’s months are the last six up to now, oldest first', () => {
    expect(lastMonths(new Date(2026, 1, 15), 6)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
});
