import { describe, expect, it } from 'vitest';
import { MAX_CHINESE_UPPERCASE_AMOUNT, toChineseUppercaseAmount } from './money.js';

describe('toChineseUppercaseAmount', () => {
  it('spec §5: whole amounts end with 元整', () => {
    expect(toChineseUppercaseAmount(0)).toBe('零元整');
    expect(toChineseUppercaseAmount(1)).toBe('壹元整');
    expect(toChineseUppercaseAmount(10)).toBe('壹拾元整');
    expect(toChineseUppercaseAmount(15)).toBe('壹拾伍元整');
    expect(toChineseUppercaseAmount(100)).toBe('壹佰元整');
    expect(toChineseUppercaseAmount(100_000_000)).toBe('壹亿元整');
  });

  it('spec §5: 角 and 分 follow 元, with 零 for a missing 角', () => {
    expect(toChineseUppercaseAmount(100.1)).toBe('壹佰元壹角');
    expect(toChineseUppercaseAmount(1004.05)).toBe('壹仟零肆元零伍分');
    expect(toChineseUppercaseAmount(10000.01)).toBe('壹万元零壹分');
    expect(toChineseUppercaseAmount(12.34)).toBe('壹拾贰元叁角肆分');
    expect(toChineseUppercaseAmount(1000.5)).toBe('壹仟元伍角');
  });

  it('spec §5: amounts below one yuan leave out 元', () => {
    expect(toChineseUppercaseAmount(0.5)).toBe('伍角');
    expect(toChineseUppercaseAmount(0.05)).toBe('伍分');
    expect(toChineseUppercaseAmount(0.15)).toBe('壹角伍分');
  });

  it('spec §5: one 零 stands for a run of zeros between digits, none at the end of a group', () => {
    expect(toChineseUppercaseAmount(1001)).toBe('壹仟零壹元整');
    expect(toChineseUppercaseAmount(1010)).toBe('壹仟零壹拾元整');
    expect(toChineseUppercaseAmount(1100)).toBe('壹仟壹佰元整');
    expect(toChineseUppercaseAmount(100_000)).toBe('壹拾万元整');
    expect(toChineseUppercaseAmount(10_100)).toBe('壹万零壹佰元整');
    expect(toChineseUppercaseAmount(110_000)).toBe('壹拾壹万元整');
    expect(toChineseUppercaseAmount(100_001)).toBe('壹拾万零壹元整');
    expect(toChineseUppercaseAmount(100_000_001)).toBe('壹亿零壹元整');
    expect(toChineseUppercaseAmount(100_010_000)).toBe('壹亿零壹万元整');
    expect(toChineseUppercaseAmount(100_001_000)).toBe('壹亿零壹仟元整');
    expect(toChineseUppercaseAmount(101_000_000)).toBe('壹亿零壹佰万元整');
    expect(toChineseUppercaseAmount(1_000_000_000)).toBe('壹拾亿元整');
    expect(toChineseUppercaseAmount(20_000_300_000)).toBe('贰佰亿零叁拾万元整');
  });

  it('spec §5: the largest amount is 99999999999.99', () => {
    expect(toChineseUppercaseAmount(MAX_CHINESE_UPPERCASE_AMOUNT)).toBe(
      '玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    );
  });

  it('spec §5: amounts are rounded to the nearest 分', () => {
    expect(toChineseUppercaseAmount(1.234)).toBe('壹元贰角叁分');
    expect(toChineseUppercaseAmount(0.999)).toBe('壹元整');
  });

  it('spec §5: negative, NaN, infinite and too large amounts throw', () => {
    for (const amount of [-0.01, Number.NaN, Number.POSITIVE_INFINITY, 100_000_000_000, 99_999_999_999.996]) {
      expect(() => toChineseUppercaseAmount(amount)).toThrow(
        /amount must be a number from 0 to 99999999999.99/,
      );
    }
  });
});
