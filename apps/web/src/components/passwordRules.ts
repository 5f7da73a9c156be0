import { checkNewPassword, type PasswordStrategy } from '@eip/contracts/password';

export type PasswordField = 'oldPwd' | 'newPwd' | 'repeat';

export interface PasswordValues {
  oldPwd: string;
  newPwd: string;
  repeat: string;
}

export type PasswordFieldProblem =
  | { key: 'password.oldRequired' | 'password.newRequired' | 'password.repeatRequired' | 'password.mismatch' }
  | { key: 'pwd.minLength'; params: { n: number } }
  | {
      key:
        | 'pwd.needDigitLetter'
        | 'pwd.needDigitLetterSpecial'
        | 'pwd.needDigitUpperLowerSpecial'
        | 'pwd.sameAsOld';
    };

/**
 * Spec §5, checked when a field loses focus: old, new and repeat required; the repeat equal to the new one;
 * the new one by the strategy (length, rule 2/3/4) or, without one, at least 6 characters and not the old one.
 */
export function checkPasswordField(
  field: PasswordField,
  values: PasswordValues,
  strategy: PasswordStrategy | undefined,
): PasswordFieldProblem | null {
  switch (field) {
    case 'oldPwd':
      return values.oldPwd ? null : { key: 'password.oldRequired' };
    case 'newPwd':
      if (!values.newPwd) return { key: 'password.newRequired' };
      return checkNewPassword(values.newPwd, values.oldPwd, strategy);
    case 'repeat':
      if (!values.repeat) return { key: 'password.repeatRequired' };
      return values.repeat === values.newPwd ? null : { key: 'password.mismatch' };
  }
}
