import type { Messages } from './zh-CN';

export const zhTW: Messages = {
  app: {
    title: 'EIP 門戶',
    loading: '載入中…',
    error: '頁面出錯了',
    reload: '重新載入',
  },
  common: {
    tip: '溫馨提示',
    ok: '確定',
    cancel: '取消',
  },
  api: {
    network: '後端介面連線異常',
    timeout: '後端介面請求逾時',
    status: '後端介面{{status}}異常',
    code: '後端介面{{code}}異常',
    unknown: '後端介面未知異常',
  },
  login: {
    pageTitle: '登入',
    welcome: '歡迎登入',
    account: '帳號',
    accountPlaceholder: '請輸入帳號',
    accountRequired: '請輸入帳號',
    password: '密碼',
    passwordPlaceholder: '請輸入密碼',
    passwordRequired: '請輸入密碼',
    submit: '登入',
    noToken: '登入介面異常，未正確返回token',
  },
  home: {
    pageTitle: '首頁',
    greeting: '{{period}}，{{name}}',
    welcome: '歡迎使用 {{title}}',
    userInfoFailed: '使用者資訊介面異常',
    signOut: '登出',
    signOutConfirm: '您確定要退出{{title}}嗎?',
  },
  greeting: {
    earlyMorning: '早上好',
    morning: '上午好',
    noon: '中午好',
    afternoon: '下午好',
    evening: '晚上好',
  },
};
