/** Amount in Chinese financial uppercase (人民币大写) as written on cheques, spec §5. */

export const MAX_CHINESE_UPPERCASE_AMOUNT = 99_999_999_999.99;

const MAX_CENTS = 9_999_999_999_999;

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACE_IN_GROUP = ['', '拾', '佰', '仟'] as const;
const GROUP_UNITS = ['', '万', '亿'] as const;

/**
 * Yuan part, read digit by digit from the left. A run of zeros between two written digits becomes one 零,
 * also across a 万 or 亿 group; zeros at the end write nothing. A group unit follows a group with any
 * non-zero digit.
 */
function yuanInWords(yuan: number): string {
  const digits = String(yuan);
  let words = '';
  let zeroPending = false;
  let groupHasDigit = false;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[i]);
    const place = digits.length - 1 - i;
    if (digit === 0) {
      zeroPending = words !== '';
    } else {
      if (zeroPending) words += DIGITS[0];
      words += DIGITS[digit] + PLACE_IN_GROUP[place % 4];
      zeroPending = false;
      groupHasDigit = true;
    }
    if (place % 4 === 0) {
      if (groupHasDigit) words += GROUP_UNITS[place / 4];
      groupHasDigit = false;
    }
  }
  return words;
}

/**
 * 1004.05 → 壹仟零肆元零伍分, 100.1 → 壹佰元壹角, 0 → 零元整, 0.5 → 伍角.
 * Rounds to the nearest 分. Below one yuan the 元 part is left out. 整 closes an amount with no 角 or 分.
 * Throws for NaN, negatives and amounts above 99999999999.99.
 */
export function toChineseUppercaseAmount(amount: number): string {
  const cents = Math.round(amount * 100);
  if (!Number.isFinite(amount) || amount < 0 || cents > MAX_CENTS) {
    throw new Error(`amount must be a number from 0 to ${MAX_CHINESE_UPPERCASE_AMOUNT}, got ${amount}`);
  }

  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  if (cents === 0) return `${DIGITS[0]}元整`;

  const yuanWords = yuan > 0 ? `${yuanInWords(yuan)}元` : '';
  if (jiao === 0 && fen === 0) return `${yuanWords}整`;
  const jiaoWords = jiao > 0 ? `${DIGITS[jiao]}角` : yuan > 0 ? DIGITS[0] : '';
  const fenWords = fen > 0 ? `${DIGITS[fen]}分` : '';
  return yuanWords + jiaoWords + fenWords;
}
