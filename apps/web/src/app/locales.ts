import type { Language } from '@eip/contracts/codes';
import type { ConfigProviderProps } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { currentLanguage, i18n, isLanguage } from '../i18n';

type Locale = NonNullable<ConfigProviderProps['locale']>;

/**
 * Ant Design locales per language. The default one (zh-CN) is bundled; the others load on first use, so
 * the login page does not carry them.
 */
const antdLoaders: Record<Language, () => Promise<Locale>> = {
  'zh-CN': async () => zhCN,
  'zh-TW': async () => (await import('antd/locale/zh_TW')).default,
  'en-US': async () => (await import('antd/locale/en_US')).default,
};

export const defaultAntdLocale: Locale = zhCN;

export const loadLocale = (lang: Language): Promise<Locale> => antdLoaders[lang]();

/** dayjs's name of each language's locale, registered by loading it. */
const dateLoaders: Record<Language, () => Promise<string>> = {
  'zh-CN': () => import('dayjs/locale/zh-cn').then(() => 'zh-cn'),
  'zh-TW': () => import('dayjs/locale/zh-tw').then(() => 'zh-tw'),
  'en-US': async () => 'en',
};

let datesShown = false;

/**
 * Dates (dayjs, the date pickers) follow the language from the first page that shows them on; the login
 * page shows none, so it loads neither dayjs nor its locales.
 */
export async function loadDateLocale(lang: Language = currentLanguage()): Promise<void> {
  datesShown = true;
  const [{ default: dayjs }, name] = await Promise.all([import('dayjs'), dateLoaders[lang]()]);
  dayjs.locale(name);
}

i18n.on('languageChanged', (lng: string) => {
  if (datesShown && isLanguage(lng)) void loadDateLocale(lng);
});
