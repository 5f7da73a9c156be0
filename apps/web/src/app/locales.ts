import type { Language } from '@eip/contracts/codes';
import type { ConfigProviderProps } from 'antd';
import zhCN from 'antd/locale/zh_CN';

type Locale = NonNullable<ConfigProviderProps['locale']>;

/**
 * Ant Design and dayjs locales per language. The default Ant Design locale (zh-CN) is bundled; everything
 * else loads on first use, so the login page does not carry it.
 */
const loaders: Record<Language, () => Promise<{ antd: Locale; dayjs: string }>> = {
  'zh-CN': async () => {
    await import('dayjs/locale/zh-cn');
    return { antd: zhCN, dayjs: 'zh-cn' };
  },
  'zh-TW': async () => {
    const [antd] = await Promise.all([import('antd/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
    return { antd: antd.default, dayjs: 'zh-tw' };
  },
  'en-US': async () => {
    const antd = await import('antd/locale/en_US');
    return { antd: antd.default, dayjs: 'en' };
  },
};

export const defaultAntdLocale: Locale = zhCN;

/** Loads the locales of a language and switches dayjs to it; answers the Ant Design locale. */
export async function loadLocale(lang: Language): Promise<Locale> {
  const [locale, { default: dayjs }] = await Promise.all([loaders[lang](), import('dayjs')]);
  dayjs.locale(locale.dayjs);
  return locale.antd;
}
