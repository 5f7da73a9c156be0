/**
 * Field format checks of spec §5 "Helpers". Each takes the text the user typed and answers true when it
 * has the expected shape; none of them trims, so callers decide whether surrounding spaces are allowed.
 */
import { DEFAULT_MIN_PASSWORD_LENGTH } from '../password.js';

/** Empty, whitespace-only, null, undefined, or the text 'null' that some back-end fields carry. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'null';
}

export function isPassword(text: string, minLength = DEFAULT_MIN_PASSWORD_LENGTH): boolean {
  return text.length >= minLength;
}

export function isDigitsOnly(text: string): boolean {
  return /^\d+$/.test(text);
}

/** Chinese characters, Latin letters and digits only. */
export function isPlainName(text: string): boolean {
  return /^[\p{Script=Han}A-Za-z0-9]+$/u.test(text);
}

/** Decimal without a leading zero ("0" itself is fine), so "01" or "007" are refused. */
const CANONICAL_UNSIGNED_INTEGER = /^(0|[1-9]\d*)$/;

/** Dotted-quad IPv4: four octets 0–255 written without leading zeros. */
export function isIpv4(text: string): boolean {
  const octets = text.split('.');
  return (
    octets.length === 4 &&
    octets.every((octet) => CANONICAL_UNSIGNED_INTEGER.test(octet) && Number(octet) <= 255)
  );
}

export function isPort(text: string): boolean {
  return CANONICAL_UNSIGNED_INTEGER.test(text) && Number(text) <= 65535;
}

/** Mainland mobile number: 11 digits starting with 1. */
export function isMobilePhone(text: string): boolean {
  return /^1\d{10}$/.test(text);
}

/** 18-character resident ID: 17 digits then a digit or X/x, with a real calendar date at positions 7–14. */
export function isIdCard(text: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(text)) return false;
  const year = Number(text.slice(6, 10));
  const month = Number(text.slice(10, 12));
  const day = Number(text.slice(12, 14));
  const birthDate = new Date(Date.UTC(year, month - 1, day));
  return (
    birthDate.getUTCFullYear() === year &&
    birthDate.getUTCMonth() === month - 1 &&
    birthDate.getUTCDate() === day
  );
}

const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(`^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]+@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`);

/** local@domain.tld: the local part takes the characters of the HTML e-mail input; the domain needs a dot. */
export function isEmail(text: string): boolean {
  return EMAIL.test(text);
}

/** 2 to 4 Chinese characters. */
export function isChineseName(text: string): boolean {
  return /^\p{Script=Han}{2,4}$/u.test(text);
}

/** Non-negative amount with at most 2 decimals. No sign: amounts users enter are never negative. */
export function isMoney(text: string): boolean {
  return /^(0|[1-9]\d*)(\.\d{1,2})?$/.test(text);
}

/** Landline: area code (3–4 digits starting with 0), optional hyphen, 7–8 digits, optional "-extension". */
export function isLandline(text: string): boolean {
  return /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(text);
}

/** 400 or 800 service number: 4001234567 or 400-123-4567. */
export function isHotline(text: string): boolean {
  return /^[48]00(\d{7}|-\d{3}-\d{4})$/.test(text);
}

export function isLandlineOrHotline(text: string): boolean {
  return isLandline(text) || isHotline(text);
}

/**
 * Spec §5: request header text must be valid JSON — a JSON object of header names (letters, digits and
 * hyphens) and text values. Blank text is no headers. Null when the text is not such an object.
 */
export function parseRequestHeaderText(text: string | null | undefined): Record<string, string> | null {
  if (!text?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  const valid = entries.every(
    ([name, header]) => typeof header === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(name),
  );
  return valid ? Object.fromEntries(entries as [string, string][]) : null;
}
