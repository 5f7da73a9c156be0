import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical.js';

describe('canonicalJson (RFC 8785)', () => {
  it('serialises the RFC’s §3.2.2 example exactly', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    ) as unknown;
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts member names by UTF-16 code units (§3.2.3)', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh",' +
        ' "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control",' +
        ' "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    ) as Record<string, string>;
    // read from the text: JSON.parse would put the integer-like name "1" first again
    const names = [...canonicalJson(input).matchAll(/"([^"]*)":"([^"]*)"/g)].map((m) => m[2]);
    expect(names).toEqual([
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ]);
  });

  it('serialises numbers as Appendix B lists them', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [-0, '0'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [9007199254740992, '9007199254740992'],
      [9.999999999999997e22, '9.999999999999997e+22'],
      [1e23, '1e+23'],
      [0.000001, '0.000001'],
      [1e-7, '1e-7'],
      [295147905179352830000, '295147905179352830000'],
    ];
    for (const [number, text] of cases) expect(canonicalJson(number)).toBe(text);
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson(Number.POSITIVE_INFINITY)).toThrow();
  });

  it('keeps Chinese text as it is and nests objects in arrays', () => {
    expect(canonicalJson({ b: [{ z: 1, a: '请假' }], a: null, c: undefined })).toBe(
      '{"a":null,"b":[{"a":"请假","z":1}]}',
    );
  });
});
