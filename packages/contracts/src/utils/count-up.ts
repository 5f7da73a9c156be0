/** Settings and number formatting of the animated counters (spec §5 and §9). */

export interface CountUpOptions {
  /** Animation length in milliseconds. */
  duration: number;
  /** Thousands separator. */
  separator: string;
  /** Digits after the decimal point. */
  decimals: number;
}

export const DEFAULT_COUNT_UP_OPTIONS: Readonly<CountUpOptions> = {
  duration: 3000,
  separator: ',',
  decimals: 0,
};

/** The given settings over the defaults; throws when decimals is negative or not a whole number. */
export function countUpOptions(overrides: Partial<CountUpOptions> = {}): CountUpOptions {
  const options = { ...DEFAULT_COUNT_UP_OPTIONS, ...overrides };
  if (options.decimals < 0) throw new Error('Count-up decimals must be >= 0');
  if (!Number.isInteger(options.decimals)) throw new Error('Count-up decimals must be an integer');
  if (!(options.duration >= 0)) throw new Error('Count-up duration must be >= 0');
  return options;
}

/** 1234567.891 with decimals 2 → "1,234,567.89"; rounds like Number.prototype.toFixed. */
export function formatCountUpValue(
  value: number,
  { separator, decimals }: Pick<CountUpOptions, 'separator' | 'decimals'> = DEFAULT_COUNT_UP_OPTIONS,
): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [integerPart = '', fractionPart] = fixed.split('.');
  const grouped = integerPart.replace(/\B(?=(\d{3})+$)/g, separator);
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + grouped + (fractionPart === undefined ? '' : `.${fractionPart}`);
}
