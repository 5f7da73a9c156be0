import { LANG_STORAGE_KEY } from '@eip/contracts/codes';
import { describe, expect, it } from 'vitest';
import {
  i18n,
  loadApprovalTexts,
  loadContentTexts,
  loadDirectoryTexts,
  loadLanguage,
  loadMailTexts,
  loadPortalTexts,
  loadTemplateTexts,
  storedLanguage,
} from '.';
import { approvalZhCN } from './locales/approval.zh-CN';
import { contentZhCN } from './locales/content.zh-CN';
import { directoryZhCN } from './locales/directory.zh-CN';
import { mailZhCN } from './locales/mail.zh-CN';
import { portalZhCN } from './locales/portal.zh-CN';
import { templateZhCN } from './locales/template.zh-CN';
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
    const simplified = {
      ...zhCN,
      approval: approvalZhCN,
      content: contentZhCN,
      directory: directoryZhCN,
      mail: mailZhCN,
      portal: portalZhCN,
      template: templateZhCN,
    };
    const keys = leaves(simplified).map(([key]) => key);
    for (const messages of [simplified, zhTW, enUS]) {
      const texts = new Map(leaves(messages));
      expect([...texts.keys()].sort()).toEqual([...keys].sort());
      for (const key of keys) expect(texts.get(key), key).toMatch(/\S/);
    }
  });

  it('the approval texts are not loaded with the app: they come with the approval pages', async () => {
    expect(i18n.exists('approval.picker.allUsers', { lng: 'zh-CN' })).toBe(false);
    await loadApprovalTexts();
    expect(i18n.t('approval.picker.allUsers', { lng: 'zh-CN' })).toBe('全部用户');
  });

  it('the texts of news, notices and meetings come with their pages', async () => {
    expect(i18n.exists('content.kinds.news', { lng: 'zh-CN' })).toBe(false);
    await loadContentTexts();
    expect(i18n.t('content.kinds.news', { lng: 'zh-CN' })).toBe('新闻');
  });

  it('the texts of the portal home come with its pages', async () => {
    expect(i18n.exists('portal.arrange.title', { lng: 'zh-CN' })).toBe(false);
    await loadPortalTexts();
    expect(i18n.t('portal.arrange.title', { lng: 'zh-CN' })).toBe('调整布局');
  });

  it('the directory’s texts come with its page', async () => {
    expect(i18n.exists('directory.title', { lng: 'zh-CN' })).toBe(false);
    await loadDirectoryTexts();
    expect(i18n.t('directory.title', { lng: 'zh-CN' })).toBe('组织架构');
  });

  it('the data templates’ texts come with their pages', async () => {
    expect(i18n.exists('template.rowAdd', { lng: 'zh-CN' })).toBe(false);
    await loadTemplateTexts();
    expect(i18n.t('template.rowAdd', { lng: 'zh-CN' })).toBe('添加行');
  });

  it('the mail pages’ texts come with their pages', async () => {
    expect(i18n.exists('mail.list.title', { lng: 'zh-CN' })).toBe(false);
    await loadMailTexts();
    expect(i18n.t('mail.list.title', { lng: 'zh-CN' })).toBe('我的邮件');
  });

  it('marks the document with the language in use', async () => {
    await loadLanguage('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(i18n.t('login.submit')).toBe('Sign in');
    await i18n.changeLanguage('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
