/** Simplified Chinese, the default language: the source of every message key. */
export const zhCN = {
  app: {
    title: 'EIP 门户',
    loading: '加载中…',
    error: '页面出错了',
    reload: '重新加载',
  },
  common: {
    tip: '温馨提示',
    ok: '确定',
    cancel: '取消',
  },
  api: {
    network: '后端接口连接异常',
    timeout: '后端接口请求超时',
    status: '后端接口{{status}}异常',
    code: '后端接口{{code}}异常',
    unknown: '后端接口未知异常',
  },
  login: {
    pageTitle: '登录',
    welcome: '欢迎登录',
    account: '账号',
    accountPlaceholder: '请输入账号',
    accountRequired: '请输入账号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    passwordRequired: '请输入密码',
    submit: '登录',
    noToken: '登录接口异常，未正确返回token',
  },
  home: {
    pageTitle: '首页',
    greeting: '{{period}}，{{name}}',
    welcome: '欢迎使用 {{title}}',
    userInfoFailed: '用户信息接口异常',
    signOut: '退出登录',
    signOutConfirm: '您确定要退出{{title}}吗?',
  },
  greeting: {
    earlyMorning: '早上好',
    morning: '上午好',
    noon: '中午好',
    afternoon: '下午好',
    evening: '晚上好',
  },
};

/** The shape every language provides. */
export type Messages = typeof zhCN;
