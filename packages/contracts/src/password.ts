/**
 * Password rules of spec §5, shared by the change-password dialog and the server.
 * Each check answers a message key (translated by the caller) with its parameters, or null.
 */
export interface PasswordStrategy {
  /** 1 on, 0 off */
  enable: number;
  /** 1 any characters, 2 digits and letters, 3 adds a special character, 4 digits, upper, lower, special */
  pwdRule: number;
  pwdLength: number;
}

export type PasswordProblem =
  | { key: 'pwd.minLength'; params: { n: number } }
  | { key: 'pwd.needDigitLetter' }
  | { key: 'pwd.needDigitLetterSpecial' }
  | { key: 'pwd.needDigitUpperLowerSpecial' }
  | { key: 'pwd.sameAsOld' };

export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

const hasDigit = (s: string) => /\d/.test(s);
const hasLetter = (s: string) => /[A-Za-z]/.test(s);
const hasUpper = (s: string) => /[A-Z]/.test(s);
const hasLower = (s: string) => /[a-z]/.test(s);
const hasSpecial = (s: string) => /[^A-Za-z0-9]/.test(s);

/** The first rule a new password breaks, or null when it is acceptable. */
export function checkNewPassword(
  newPwd: string,
  oldPwd: string | undefined,
  strategy: PasswordStrategy | undefined,
): PasswordProblem | null {
  const enabled = strategy?.enable === 1;
  const minLength = enabled
    ? Math.max(1, strategy.pwdLength || DEFAULT_MIN_PASSWORD_LENGTH)
    : DEFAULT_MIN_PASSWORD_LENGTH;
  if (newPwd.length < minLength) return { key: 'pwd.minLength', params: { n: minLength } };
  if (enabled) {
    const rule = strategy.pwdRule;
    if (rule === 2 && !(hasDigit(newPwd) && hasLetter(newPwd))) return { key: 'pwd.needDigitLetter' };
    if (rule === 3 && !(hasDigit(newPwd) && hasLetter(newPwd) && hasSpecial(newPwd)))
      return { key: 'pwd.needDigitLetterSpecial' };
    if (rule === 4 && !(hasDigit(newPwd) && hasUpper(newPwd) && hasLower(newPwd) && hasSpecial(newPwd)))
      return { key: 'pwd.needDigitUpperLowerSpecial' };
  }
  if (oldPwd !== undefined && oldPwd !== '' && newPwd === oldPwd) return { key: 'pwd.sameAsOld' };
  return null;
}

/**
 * A password sent with a server nonce (getPasswordNonce) is encrypted as `{nonce}:{password}`, one nonce
 * per password. The nonce carries the time the server issued it: the server accepts it once, and only
 * within PASSWORD_NONCE_SECONDS of that time. (A bare password, as ARCHITECTURE §3 first described, is
 * still accepted, its ciphertext once.)
 */
export const PASSWORD_NONCE_SECONDS = 120;
/** `n1.` and 54 base64url characters: 16 random bytes, the issue time (8 bytes), a 16-byte MAC. */
export const PASSWORD_NONCE_PATTERN = /^n1\.[A-Za-z0-9_-]{54}$/;
export const passwordWithNonce = (nonce: string, password: string) => `${nonce}:${password}`;
