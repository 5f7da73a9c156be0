import { LANG_STORAGE_KEY } from '@eip/contracts/codes';
import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage, storedLanguage } from '.';
import { enUS } from './locales/en-US';
import { zhCN } from './locales/zh-CN';
import { zhTW } from './locales/zh-TW';

const leaves = (messages: object, prefix = ''): [string, unknown][] =>
  Object.entries(messages).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );

describe('languages', () => {
  it('takes the language from local storage `lang`, zh-CN when none or an unknown one is stored', () => {
    expect(storedLanguage()).toBe('zh-CN');
    localStorage.setItem(LANG_STORAGE_KEY, 'zh-TW');
    expect(storedLanguage()).toBe('zh-TW');
    localStorage.setItem(LANG_STORAGE_KEY, 'fr-FR');
    expect(storedLanguage()).toBe('zh-CN');
  });

  it('every language has a non-empty text for every key', () => {
    const keys = leaves(zhCN).map(([key]) => key);
    for (const messages of [zhCN, zhTW, enUS]) {
      const texts = new Map(leaves(messages));
      expect([...texts.keys()].sort()).toEqual([...keys].sort());
      for (const key of keys) expect(texts.get(key), key).toMatch(/\S/);
    }
  });

  it('marks the document with the language in use', async () => {
    await loadLanguage('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(i18n.t('login.submit')).toBe('Sign in');
    await i18n.changeLanguage('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
