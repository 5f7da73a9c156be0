import type { Texts } from './messages.js';

/** Messages of single sign-on (cas and oauth) and of the password sign-in it restricts. */
export const ssoMessages = {
  'sso.off': {
    'zh-CN': '未开启单点登录',
    'zh-TW': '未開啟單一登入',
    'en-US': 'Single sign-on is not enabled',
  },
  'sso.tooManyStarts': {
    'zh-CN': '单点登录请求过于频繁，请稍后再试',
    'zh-TW': '單一登入請求過於頻繁，請稍後再試',
    'en-US': 'Too many single sign-on requests from this address, please try again later',
  },
  'sso.badService': {
    'zh-CN': '单点登录的返回地址不属于本系统',
    'zh-TW': '單一登入的返回位址不屬於本系統',
    'en-US': 'The single sign-on return address is not an address of this portal',
  },
  'sso.noCredential': {
    'zh-CN': '缺少单点登录凭证：{name}',
    'zh-TW': '缺少單一登入憑證：{name}',
    'en-US': 'The single sign-on credential is missing: {name}',
  },
  'sso.rejected': {
    'zh-CN': '单点登录凭证无效、已使用或已过期，请重新登录',
    'zh-TW': '單一登入憑證無效、已使用或已過期，請重新登入',
    'en-US': 'The single sign-on credential is invalid, used or expired, please sign in again',
  },
  'sso.unreachable': {
    'zh-CN': '单点登录服务器无法访问，请稍后重试',
    'zh-TW': '單一登入伺服器無法連線，請稍後重試',
    'en-US': 'The single sign-on server cannot be reached, please try again later',
  },
  'sso.noAccount': {
    'zh-CN': '单点登录未返回账号（{claim}），请联系管理员',
    'zh-TW': '單一登入未返回帳號（{claim}），請聯絡管理員',
    'en-US': 'Single sign-on did not name an account ({claim}), please contact your administrator',
  },
  'sso.unknownAccount': {
    'zh-CN': '账号不存在：{account}，请联系管理员',
    'zh-TW': '帳號不存在：{account}，請聯絡管理員',
    'en-US': 'No such account: {account}, please contact your administrator',
  },
  'sso.passwordAdminsOnly': {
    'zh-CN': '已开启单点登录，只有管理员可以用密码登录',
    'zh-TW': '已開啟單一登入，只有管理員可以用密碼登入',
    'en-US': 'Single sign-on is on: only administrators may sign in with a password',
  },
} satisfies Record<string, Texts>;
