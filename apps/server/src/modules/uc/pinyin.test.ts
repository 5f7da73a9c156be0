import { describe, expect, it } from 'vitest';
import { namePinyin, PINYIN_TYPES, toPinyin } from './pinyin.js';

describe('pinyin of names (tools/getPinyin, the directory search)', () => {
  it('gives initials, full pinyin and pinyin with tones', () => {
    expect(toPinyin('张伟', PINYIN_TYPES.initials)).toBe('zw');
    expect(toPinyin('张伟', PINYIN_TYPES.full)).toBe('zhangwei');
    expect(toPinyin('张伟', PINYIN_TYPES.tones)).toBe('zhāng wěi');
  });

  it('reads surnames as surnames', () => {
    expect(namePinyin('单雄信')).toEqual({ pinyin: 'shanxiongxin', pinyinInitials: 'sxx' });
    expect(namePinyin('曾小贤').pinyinInitials).toBe('zxx');
  });

  it('keeps words that are not Chinese, and drops punctuation', () => {
    expect(namePinyin('Alice Wang')).toEqual({ pinyin: 'alicewang', pinyinInitials: 'aw' });
    expect(toPinyin('朱婷（2号）', PINYIN_TYPES.initials)).toBe('zt2h');
    expect(toPinyin('', PINYIN_TYPES.full)).toBe('');
  });
});
