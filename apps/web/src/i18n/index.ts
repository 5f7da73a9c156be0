import { DEFAULT_LANGUAGE, LANG_STORAGE_KEY, LANGUAGES, type Language } from '@eip/contracts/codes';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { zhCN, type Messages } from './locales/zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((lang) => lang === value);

/** The language chosen under the local-storage key `lang`; zh-CN when none or an unknown one is stored. */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANG_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The language in use, as sent in `Accept-Language`. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

void i18n.use(initReactI18next).init({
  // zh-CN is bundled (the default and the fallback); the other languages load on first use.
  resources: { 'zh-CN': { translation: zhCN as Messages } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
});

const loaders: Record<Exclude<Language, 'zh-CN'>, () => Promise<Messages>> = {
  'zh-TW': () => import('./locales/zh-TW').then((module) => module.zhTW),
  'en-US': () => import('./locales/en-US').then((module) => module.enUS),
};

/**
 * The approval centre's simplified-Chinese texts, added when its first page loads (the other languages
 * load whole, with them).
 */
let approvalTexts: Promise<void> | undefined;
export function loadApprovalTexts(): Promise<void> {
  approvalTexts ??= import('./locales/approval.zh-CN').then(
    ({ approvalZhCN }) =>
      void i18n.addResourceBundle('zh-CN', 'translation', { approval: approvalZhCN }, true, true),
    (error: unknown) => {
      approvalTexts = undefined;
      throw error;
    },
  );
  return approvalTexts;
}

/**
 * The simplified-Chinese texts of news, notices and meetings, added when their first page loads (the other
 * languages load whole, with them).
 */
let contentTexts: Promise<void> | undefined;
export function loadContentTexts(): Promise<void> {
  contentTexts ??= import('./locales/content.zh-CN').then(
    ({ contentZhCN }) =>
      void i18n.addResourceBundle('zh-CN', 'translation', { content: contentZhCN }, true, true),
    (error: unknown) => {
      contentTexts = undefined;
      throw error;
    },
  );
  return contentTexts;
}

/** Loads a language's texts (once) and switches to it. */
export async function loadLanguage(lang: Language): Promise<void> {
  if (lang !== 'zh-CN' && !i18n.hasResourceBundle(lang, 'translation')) {
    i18n.addResourceBundle(lang, 'translation', await loaders[lang]());
  }
  await i18n.changeLanguage(lang);
}

/** Switches to the stored language; the app renders after this (zh-CN needs no loading). */
export const restoreLanguage = (): Promise<void> => loadLanguage(storedLanguage());

/** Spec §4: a language switch stores the choice locally; `Accept-Language` follows from the next call. */
export async function switchLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  await loadLanguage(lang);
}

const markDocument = (lang: string) => document.documentElement.setAttribute('lang', lang);
markDocument(i18n.language);
i18n.on('languageChanged', markDocument);

export { i18n };
