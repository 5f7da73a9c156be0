import { describe, expect, it } from 'vitest';
import { checkPasswordField, type PasswordValues } from './passwordRules';

const values = (extra: Partial<PasswordValues>): PasswordValues => ({
  oldPwd: 'Old@2026',
  newPwd: '',
  repeat: '',
  ...extra,
});
const off = { enable: 0, pwdRule: 1, pwdLength: 6 };
const rule = (pwdRule: number, pwdLength = 8) => ({ enable: 1, pwdRule, pwdLength });

describe('spec §5: change-password checks', () => {
  it('old, new and repeat are required (请输入旧密码 / 请输入新密码 / 请再次输入新密码)', () => {
    expect(checkPasswordField('oldPwd', values({ oldPwd: '' }), off)).toEqual({
      key: 'password.oldRequired',
    });
    expect(checkPasswordField('newPwd', values({}), off)).toEqual({ key: 'password.newRequired' });
    expect(checkPasswordField('repeat', values({}), off)).toEqual({ key: 'password.repeatRequired' });
  });

  it('the repeat must equal the new password (两次输入密码不一致!)', () => {
    expect(checkPasswordField('repeat', values({ newPwd: 'abcdef1', repeat: 'abcdef2' }), off)).toEqual({
      key: 'password.mismatch',
    });
    expect(checkPasswordField('repeat', values({ newPwd: 'abcdef1', repeat: 'abcdef1' }), off)).toBeNull();
  });

  it('without a strategy: at least 6 characters and not the old one', () => {
    expect(checkPasswordField('newPwd', values({ newPwd: 'abc12' }), off)).toEqual({
      key: 'pwd.minLength',
      params: { n: 6 },
    });
    expect(checkPasswordField('newPwd', values({ newPwd: 'Old@2026' }), off)).toEqual({
      key: 'pwd.sameAsOld',
    });
    expect(checkPasswordField('newPwd', values({ newPwd: 'abcdef' }), undefined)).toBeNull();
  });

  it('with a strategy: its length, then rule 2 digits and letters, 3 adds a special character, 4 digits, upper, lower, special', () => {
    expect(checkPasswordField('newPwd', values({ newPwd: 'ab1' }), rule(2))).toEqual({
      key: 'pwd.minLength',
      params: { n: 8 },
    });
    expect(checkPasswordField('newPwd', values({ newPwd: 'abcdefgh' }), rule(2))).toEqual({
      key: 'pwd.needDigitLetter',
    });
    expect(checkPasswordField('newPwd', values({ newPwd: 'abcd1234' }), rule(2))).toBeNull();
    expect(checkPasswordField('newPwd', values({ newPwd: 'abcd1234' }), rule(3))).toEqual({
      key: 'pwd.needDigitLetterSpecial',
    });
    expect(checkPasswordField('newPwd', values({ newPwd: 'abcd123!' }), rule(3))).toBeNull();
    expect(checkPasswordField('newPwd', values({ newPwd: 'abcd123!' }), rule(4))).toEqual({
      key: 'pwd.needDigitUpperLowerSpecial',
    });
    expect(checkPasswordField('newPwd', values({ newPwd: 'Abcd123!' }), rule(4))).toBeNull();
  });
});
