import { pinyin } from 'pinyin-pro';

/**
 * Pinyin of Chinese text with the maintained pinyin-pro library (its own dictionary, with surnames read
 * as surnames: 单 is shan, 曾 is zeng). Text that is not Chinese is kept as words.
 */
export const PINYIN_TYPES = {
  /** initials, e.g. 张伟 → zw */
  initials: '0',
  /** full pinyin without tones, joined, e.g. 张伟 → zhangwei */
  full: '1',
  /** full pinyin with tone marks, one syllable a word, e.g. 张伟 → zhāng wěi */
  tones: '2',
} as const;
export type PinyinType = (typeof PINYIN_TYPES)[keyof typeof PINYIN_TYPES];

const WORD = /[\p{L}\p{N}]+/gu;

/** The syllables of the text (Chinese characters) and its other words, in order, lower case. */
function parts(text: string, pattern: 'pinyin' | 'first', tones: boolean): string[] {
  return pinyin(text, {
    pattern,
    toneType: tones ? 'symbol' : 'none',
    surname: 'head',
    type: 'array',
    nonZh: 'consecutive',
  }).flatMap((part) => {
    const words = part.match(WORD) ?? [];
    // a word that is not Chinese gives its first letter among the initials
    return pattern === 'first' ? words.map((word) => word.slice(0, 1)) : words;
  });
}

export function toPinyin(text: string, type: PinyinType): string {
  if (type === PINYIN_TYPES.initials) return parts(text, 'first', false).join('').toLowerCase();
  if (type === PINYIN_TYPES.tones) return parts(text, 'pinyin', true).join(' ');
  return parts(text, 'pinyin', false).join('').toLowerCase();
}

/** What the directory stores of a user's name to search it by pinyin. */
export const namePinyin = (fullname: string) => ({
  pinyin: toPinyin(fullname, PINYIN_TYPES.full),
  pinyinInitials: toPinyin(fullname, PINYIN_TYPES.initials),
});
