import { DEFAULT_LANGUAGE, LANG_STORAGE_KEY, LANGUAGES, type Language } from '@eip/contracts/codes';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './locales/en-US';
import { zhCN, type Messages } from './locales/zh-CN';
import { zhTW } from './locales/zh-TW';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

const isLanguage = (value: unknown): value is Language => LANGUAGES.some((lang) => lang === value);

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
  resources: {
    'zh-CN': { translation: zhCN },
    'zh-TW': { translation: zhTW },
    'en-US': { translation: enUS },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
});

const markDocument = (lang: string) => document.documentElement.setAttribute('lang', lang);
markDocument(i18n.language);
i18n.on('languageChanged', markDocument);

export { i18n };
