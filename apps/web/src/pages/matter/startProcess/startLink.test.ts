import { describe, expect, it } from 'vitest';
import { parseStartData } from './startLink';

describe('/matter/startProcess?defId&data (spec §2 link)', () => {
  it('fills the start form from a JSON object', () => {
    expect(parseStartData('{"days":5,"reason":"年假"}')).toEqual({ days: 5, reason: '年假' });
    expect(parseStartData(null)).toEqual({});
  });

  it('refuses text that is not a JSON object', () => {
    expect(parseStartData('[1,2]')).toBeNull();
    expect(parseStartData('days=5')).toBeNull();
    expect(parseStartData('null')).toBeNull();
  });
});
