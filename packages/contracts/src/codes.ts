/** Response codes and fixed names shared by server and web (spec §3, §8, §9). No schema library here. */
export const SUCCESS_CODES = [200, 0] as const;
/** Code 402: the token is invalid or expired (spec §8). */
export const INVALID_TOKEN_CODE = 402;
/** Code 401: no token / no permission (spec §8). */
export const NO_PERMISSION_CODE = 401;

export const isSuccessCode = (code: unknown): boolean =>
  SUCCESS_CODES.some((ok) => code === ok || code === String(ok));

/** Session-storage key of the token (spec §3). */
export const TOKEN_STORAGE_KEY = 'eip-front';
/** Local-storage key of the language (spec intro). */
export const LANG_STORAGE_KEY = 'lang';
/** Local-storage key of the theme (spec §3). */
export const THEME_STORAGE_KEY = 'eip-front-theme';

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Picks the first supported language of an Accept-Language header; zh-CN when none matches. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    if (tag === 'zh-hk' || tag === 'zh-mo' || tag === 'zh-hant') return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

/** The product version (spec §1), shown in the personal info dialog and the API documentation. */
export const PRODUCT_VERSION = '8.0.7';

/** The platform tenant (reference: id -1, code platform); the default tenant of spec §9. */
export const PLATFORM_TENANT_ID = '-1';
export const DEFAULT_TENANT_CODE = 'platform';
