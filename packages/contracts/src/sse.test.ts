import { describe, expect, it } from 'vitest';
import { sseParser } from './sse.js';

describe('server-sent event parser', () => {
  it('completes events across chunks, skips heartbeats and retry, keeps ids and multi-line data', () => {
    const parser = sseParser();
    expect(parser.push('retry: 2000\n\n: \n\nid: 17\nevent: cou')).toEqual([]);
    expect(parser.push('nts\ndata: {"todo":1}\n\nevent: refresh\ndata: a\ndata: b\r\n\r\n')).toEqual([
      { id: '17', event: 'counts', data: '{"todo":1}' },
      { event: 'refresh', data: 'a\nb' },
    ]);
    expect(parser.push('data:plain\n\n')).toEqual([{ event: 'message', data: 'plain' }]);
  });
});
