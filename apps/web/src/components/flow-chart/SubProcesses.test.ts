import { describe, expect, it } from 'vitest';
import { parseChildren } from './SubProcesses';

describe('sub-processes of a call activity (getSubInstanceList answers a JSON string, spec §7)', () => {
  it('reads the child instances and drops what is not one', () => {
    expect(parseChildren('[{"id":"c1","subject":"采购子流程","status":"running"},{"id":2},"x"]')).toEqual([
      { id: 'c1', subject: '采购子流程', status: 'running' },
    ]);
  });

  it('answers no children for text that is not a JSON list', () => {
    expect(parseChildren('')).toEqual([]);
    expect(parseChildren('{"id":"c1"}')).toEqual([]);
  });
});
