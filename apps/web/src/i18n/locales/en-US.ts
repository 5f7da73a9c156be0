import type { Messages } from './zh-CN';

export const enUS: Messages = {
  app: {
    title: 'EIP Portal',
    loading: 'Loading…',
    error: 'Something went wrong on this page',
    reload: 'Reload',
  },
  common: {
    tip: 'Notice',
    ok: 'OK',
    cancel: 'Cancel',
  },
  api: {
    network: 'Cannot reach the server',
    timeout: 'The server did not answer in time',
    status: 'The server answered with HTTP {{status}}',
    code: 'The server answered with code {{code}}',
    unknown: 'Unknown server error',
  },
  login: {
    pageTitle: 'Sign in',
    welcome: 'Welcome',
    account: 'Account',
    accountPlaceholder: 'Enter your account',
    accountRequired: 'Please enter your account',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    passwordRequired: 'Please enter your password',
    submit: 'Sign in',
    noToken: 'The sign-in call did not return a token',
  },
  home: {
    pageTitle: 'Home',
    greeting: '{{period}}, {{name}}',
    welcome: 'Welcome to {{title}}',
    userInfoFailed: 'The user information call failed',
    signOut: 'Sign out',
    signOutConfirm: 'Are you sure you want to sign out of {{title}}?',
  },
  greeting: {
    earlyMorning: 'Good morning',
    morning: 'Good morning',
    noon: 'Good day',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
};
