import { OFTEN_MENU_SIZE, type MenuItemShape } from '@eip/contracts';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { accessOf, isTenantAdmin, visibleMenus } from '../portal/menu.repository.js';
import { buildMenuTree } from '../portal/menu.service.js';
import { dictEntries, parentsFirst } from './dict.repository.js';
import { formatDate } from './date-format.js';
import { formatSerial, takeNextNumber } from './identity.js';
import { countUse, usesOf } from './often.repository.js';
import * as tags from './tag.repository.js';

const FRONT_MENU = 'front_menu';

export async function dictionary(db: Executor, auth: AuthContext, typeKey: string) {
  const entries = await dictEntries(db, auth.tenantId, typeKey);
  if (entries.length === 0) throw notFound('misc.dictNotFound', { typeKey });
  return parentsFirst(entries);
}

export interface SaveTagInput {
  id?: string;
  typeKey: string;
  name: string;
  color?: string | null;
  sn?: number;
}

/** Tenant administrators create and change tags; a name is unique within its kind (409). */
export async function saveTag(services: Services, auth: AuthContext, input: SaveTagInput) {
  const { db } = services;
  if (!(await isTenantAdmin(db, auth.tenantId, auth.userId))) throw forbidden('misc.tagAdminsOnly');
  const name = input.name.trim();
  const existing = input.id ? await tags.findTag(db, auth.tenantId, input.id) : undefined;
  if (input.id && !existing) throw notFound('misc.tagNotFound', { id: input.id });
  if (await tags.nameTaken(db, auth.tenantId, input.typeKey, name, input.id)) {
    throw conflict('misc.tagNameTaken', { name });
  }
  const fields = {
    typeKey: input.typeKey,
    name,
    color: input.color === undefined ? (existing?.color ?? null) : input.color,
    sn: input.sn ?? existing?.sn ?? 0,
  };
  // a transaction of its own: the audit record commits with the tag
  return db.transaction(async (tx) => {
    if (existing) return tags.updateTag(tx, auth.tenantId, existing.id, fields);
    const saved = await tags.insertTag(tx, {
      tenantId: auth.tenantId,
      id: newId(),
      createdBy: auth.userId,
      ...fields,
    });
    if (!saved) throw conflict('misc.tagNameTaken', { name });
    return saved;
  });
}

export async function nextSerial(db: Executor, auth: AuthContext, alias: string, now = new Date()) {
  const row = await takeNextNumber(db, auth.tenantId, alias, now);
  if (!row) throw notFound('misc.identityNotFound', { alias });
  return formatSerial(row, row.curValue!, now);
}

/** The menu entries the user sees that open a page (catalogs with children do not), with their route paths. */
async function visiblePages(services: Services, auth: AuthContext) {
  const access = await accessOf(services.db, auth.tenantId, auth.userId);
  const tree = buildMenuTree(await visibleMenus(services.db, auth.tenantId, FRONT_MENU, access));
  const pages: { item: MenuItemShape; routePath: string }[] = [];
  const walk = (items: MenuItemShape[], parentPath: string) => {
    for (const item of items) {
      const [rawPath = ''] = item.path.split('?');
      const path = rawPath.startsWith('/') ? rawPath : `${parentPath.replace(/\/$/, '')}/${rawPath}`;
      if (item.children.length) walk(item.children, path);
      else {
        // spec §2: an item without route extension becomes /onlineMenu/{name from the path}
        const routePath = item.routeExtend ? path : `/onlineMenu/${path.split('/').filter(Boolean).pop()}`;
        pages.push({ item, routePath });
      }
    }
  };
  walk(tree, '');
  return pages;
}

/** Counts a use of a menu entry the user sees (when named), then answers the most used ones. */
export async function oftenMenus(
  services: Services,
  auth: AuthContext,
  input: { alias?: string; size?: number },
) {
  const pages = new Map((await visiblePages(services, auth)).map((page) => [page.item.alias, page]));
  if (input.alias !== undefined) {
    if (!pages.has(input.alias)) throw notFound('misc.menuNotFound', { alias: input.alias });
    await countUse(services.db, auth.tenantId, auth.userId, input.alias);
  }
  return (await usesOf(services.db, auth.tenantId, auth.userId))
    .filter((row) => pages.has(row.alias))
    .slice(0, input.size ?? OFTEN_MENU_SIZE.default)
    .map((row) => {
      const { item, routePath } = pages.get(row.alias)!;
      return {
        alias: row.alias,
        name: item.name,
        path: routePath,
        uses: row.uses,
        lastUsedAt: row.lastUsedAt.toISOString(),
      };
    });
}

const TEMPLATE_ROUTES = ['templatePreview', 'templateDraftList', 'templateForm'];

function templateAliasOf(routeExtend: string | null): unknown {
  try {
    const extension: unknown = JSON.parse(routeExtend ?? 'null');
    return extension && typeof extension === 'object' && 'templateAlias' in extension
      ? extension.templateAlias
      : undefined;
  } catch {
    return undefined;
  }
}

/** The route path of the first page in the user's menu (tree order) that shows the data template. */
export async function firstTemplateMenuPath(services: Services, auth: AuthContext, alias: string) {
  const shows = ({ item, routePath }: { item: MenuItemShape; routePath: string }) => {
    const [, route, templateKey] = routePath.split('/');
    return (
      templateAliasOf(item.routeExtend) === alias ||
      (TEMPLATE_ROUTES.includes(route ?? '') && templateKey === alias)
    );
  };
  return (await visiblePages(services, auth)).find(shows)?.routePath ?? null;
}

export function currentDate(valFormat: string | undefined, now = new Date()) {
  const text = formatDate(valFormat ?? 'yyyy-MM-dd', now);
  if (text === null) throw badRequest('misc.badDateFormat', { format: valFormat ?? '' });
  return text;
}

/** No stored or sent code runs on the server: the call is refused, whoever asks. */
export const refuseScript = () => new AppError(400, 'misc.scriptNotSupported');
