import { DEFAULT_LANGUAGE, LANG_STORAGE_KEY, LANGUAGES, type Language } from '@eip/contracts/codes';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { signInTexts } from './locales/signIn';
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
  // zh-CN is bundled (the default and the fallback), and the sign-in page's texts of every language; the
  // other languages' texts load on first use.
  resources: {
    'zh-CN': { translation: zhCN as Messages },
    'zh-TW': { translation: signInTexts['zh-TW'] },
    'en-US': { translation: signInTexts['en-US'] },
  },
  lng: storedLanguage(),
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
 * A part of the simplified-Chinese texts that loads with the pages that use it, under its key, so that the
 * login page does not carry it (the other languages load whole). A failed load is tried again next time.
 */
function textBundle(
  key: 'approval' | 'content' | 'directory' | 'mail' | 'portal' | 'template',
  load: () => Promise<object>,
): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () =>
    (loading ??= load().then(
      (texts) => void i18n.addResourceBundle('zh-CN', 'translation', { [key]: texts }, true, true),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
}

/** The approval centre's texts. */
export const loadApprovalTexts = textBundle('approval', () =>
  import('./locales/approval.zh-CN').then((module) => module.approvalZhCN),
);

/** The texts of news, notices and meetings. */
export const loadContentTexts = textBundle('content', () =>
  import('./locales/content.zh-CN').then((module) => module.contentZhCN),
);

/** The texts of the portal home (columns, arranging, designing) and the apps' pages. */
export const loadPortalTexts = textBundle('portal', () =>
  import('./locales/portal.zh-CN').then((module) => module.portalZhCN),
);

/** The company directory's texts. */
export const loadDirectoryTexts = textBundle('directory', () =>
  import('./locales/directory.zh-CN').then((module) => module.directoryZhCN),
);

/** The texts of data templates. */
export const loadTemplateTexts = textBundle('template', () =>
  import('./locales/template.zh-CN').then((module) => module.templateZhCN),
);

/** The texts of the mail pages. */
export const loadMailTexts = textBundle('mail', () =>
  import('./locales/mail.zh-CN').then((module) => module.mailZhCN),
);

/** The languages whose texts are all here (zh-CN is bundled). */
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/** Loads a language's texts (once) and switches to it. */
export async function loadLanguage(lang: Language): Promise<void> {
  if (lang !== 'zh-CN' && !loaded.has(lang)) {
    i18n.addResourceBundle(lang, 'translation', await loaders[lang](), true, true);
    loaded.add(lang);
  }
  await i18n.changeLanguage(lang);
}

let restoring: Promise<void> | undefined;

/**
 * The stored language's texts, loaded once. The app does not wait for them: the sign-in page has its texts
 * in every language, and the pages behind it load with them.
 */
export const restoreLanguage = (): Promise<void> =>
  (restoring ??= loadLanguage(storedLanguage()).catch((error: unknown) => {
    restoring = undefined;
    throw error;
  }));

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
