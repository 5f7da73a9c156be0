import { Type, type Static } from '@sinclair/typebox';
import { PageList, QueryFilter } from '../common.js';
import type { RouteSchemas } from './route-schemas.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Alias = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });

export const DictItem = Type.Object({
  id: Type.String(),
  typeKey: Type.String(),
  key: Type.String({ description: 'the value a form stores' }),
  name: Type.String({ description: 'what a form shows' }),
  parentId: Nullable(Type.String()),
  sn: Type.Integer(),
});
export type DictItem = Static<typeof DictItem>;

export const TAG_COLOR = '^#[0-9A-Fa-f]{6}$';
export const Tag = Type.Object({
  id: Type.String(),
  typeKey: Type.String({ description: 'the kind of thing tagged, e.g. flow or news' }),
  name: Type.String(),
  color: Nullable(Type.String()),
  sn: Type.Integer(),
  createTime: Type.String(),
});
export type Tag = Static<typeof Tag>;

/** getPinyin's type: 0 initials (zw), 1 full pinyin joined (zhangwei), 2 with tone marks (zhāng wěi). */
export const PinyinType = Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')], {
  description: '0 initials (张伟 → zw), 1 full pinyin (zhangwei, the default), 2 with tone marks (zhāng wěi)',
});

export const OftenMenu = Type.Object({
  alias: Type.String({ description: 'the menu entry’s alias' }),
  name: Type.String(),
  path: Type.String({ description: 'the menu entry’s path' }),
  uses: Type.Integer({ description: 'how often the user opened it' }),
  lastUsedAt: Type.String(),
});
export type OftenMenu = Static<typeof OftenMenu>;

/** The most often-used menu entries system/often answers by default, and at most. */
export const OFTEN_MENU_SIZE = { default: 8, max: 20 } as const;

/** Schemas of the misc routes of spec §7 "Portal content, files, misc" (and getCurrentDate). */
export const miscSchemas = {
  getDictByTypeKey: {
    summary:
      'The entries of a dictionary by its type key, for a combo box (sn order, children after their parent); an unknown key is a 404',
    query: Type.Object({ typeKey: Alias }),
    value: Type.Array(DictItem),
  },
  queryTags: {
    summary: 'Tags of the tenant, paged and filtered (typeKey, name), in sn order',
    body: QueryFilter,
    value: PageList(Tag),
  },
  saveTag: {
    summary: 'Create or change a tag (tenant administrators only); a name already taken in its kind is a 409',
    body: Type.Object({
      id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      typeKey: Alias,
      name: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S', description: 'not blank' }),
      color: Type.Optional(Nullable(Type.String({ pattern: TAG_COLOR, description: '#RRGGBB' }))),
      sn: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    }),
    value: Tag,
  },
  getNextIdByAlias: {
    summary:
      'Takes the next number of a serial number (流水号) by alias, e.g. HT-20261124-0001: numbers follow each other without gaps and are never given twice, also to concurrent callers',
    query: Type.Object({ alias: Alias }),
    value: Type.String(),
  },
  executeScript: {
    summary:
      'Not offered: no stored or sent code runs on the server. Every call is refused with 400 and a message saying so',
    body: Type.Object({
      script: Type.Optional(Type.String({ maxLength: 100000 })),
      vars: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
    value: Type.Null(),
  },
  getFirstMenuRouterPathByTemplateAlias: {
    summary:
      'The route path of the first menu entry the caller sees that shows the data template of this alias (its path is /templatePreview/{alias}/…, /templateDraftList/{alias}/… or /templateForm/{alias}/…, or its routeExtend names templateAlias); null when none does',
    query: Type.Object({ templateAlias: Alias }),
    value: Nullable(Type.String()),
  },
  often: {
    summary:
      'The caller’s often-used menu entries, most used first; with alias, one use of that menu entry is counted first (it must be one the caller sees)',
    body: Type.Object({
      alias: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      size: Type.Optional(Type.Integer({ minimum: 1, maximum: OFTEN_MENU_SIZE.max })),
    }),
    value: Type.Array(OftenMenu),
  },
  getPinyin: {
    summary:
      'The pinyin of Chinese text (surnames read as surnames); letters and digits are kept, other characters dropped',
    query: Type.Object({
      chinese: Type.String({ maxLength: 500 }),
      type: Type.Optional(PinyinType),
    }),
    value: Type.String(),
  },
  getCurrentDate: {
    summary:
      'The server’s current date and time in a pattern of yyyy, yy, MM, M, dd, d, HH, H, hh, h, mm, m, ss, s, SSS, a and quoted text (default yyyy-MM-dd)',
    query: Type.Object({ valFormat: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
    value: Type.String(),
  },
} as const satisfies Record<string, RouteSchemas>;
