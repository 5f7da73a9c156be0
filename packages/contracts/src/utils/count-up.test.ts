import { describe, expect, it } from 'vitest';
import { countUpOptions, DEFAULT_COUNT_UP_OPTIONS, formatCountUpValue } from './count-up.js';

describe('count-up', () => {
  it('spec §9: defaults are 3000 ms and a comma separator', () => {
    expect(DEFAULT_COUNT_UP_OPTIONS).toEqual({ duration: 3000, separator: ',', decimals: 0 });
    expect(countUpOptions()).toEqual(DEFAULT_COUNT_UP_OPTIONS);
    expect(countUpOptions({ decimals: 2 })).toEqual({ duration: 3000, separator: ',', decimals: 2 });
    expect(countUpOptions({ duration: 500, separator: ' ' })).toEqual({
      duration: 500,
      separator: ' ',
      decimals: 0,
    });
  });

  it('spec §5: count-up decimals must be >= 0', () => {
    expect(() => countUpOptions({ decimals: -1 })).toThrow(new Error('Count-up decimals must be >= 0'));
    expect(() => countUpOptions({ decimals: 1.5 })).toThrow(/must be an integer/);
    expect(() => countUpOptions({ duration: -1 })).toThrow(/duration must be >= 0/);
  });

  it('spec §9: values are grouped by thousands with the separator', () => {
    expect(formatCountUpValue(0)).toBe('0');
    expect(formatCountUpValue(999)).toBe('999');
    expect(formatCountUpValue(1000)).toBe('1,000');
    expect(formatCountUpValue(1234567)).toBe('1,234,567');
    expect(formatCountUpValue(-1234567)).toBe('-1,234,567');
    expect(formatCountUpValue(1234567, countUpOptions({ separator: '' }))).toBe('1234567');
  });

  it('spec §9: values show the configured decimals', () => {
    const twoDecimals = countUpOptions({ decimals: 2 });
    expect(formatCountUpValue(1234567.891, twoDecimals)).toBe('1,234,567.89');
    expect(formatCountUpValue(5, twoDecimals)).toBe('5.00');
    expect(formatCountUpValue(999.999, twoDecimals)).toBe('1,000.00');
    expect(formatCountUpValue(12.6)).toBe('13');
    expect(formatCountUpValue(-0.001, twoDecimals)).toBe('0.00');
  });
});
