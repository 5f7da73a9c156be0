import type { FastifyRequest } from 'fastify';
import { changed, defineHandlers } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { splitIds } from '../uc/ids.js';
import { appContent, appsOf } from './app.service.js';
import { columnDatas, type InvokeRoute } from './column-data.service.js';
import { catalogue, columnsFor, removeColumns, saveColumn, toColumn } from './column.service.js';
import { findLayoutByAlias } from './layout.repository.js';
import * as layouts from './layout.service.js';
import { viewerOf } from './viewer.js';

/** The headers a call column's route must see: the caller's token, language and chosen post. */
function callerHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'accept-language', 'cookie'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** The portal home: layouts, columns and their data, the user's arrangement, the apps of the switcher. */
export const homeHandlers = (services: Services, invoke: InvokeRoute) => {
  const { db } = services;
  const viewer = (auth: AuthContext) => viewerOf(db, auth);
  return defineHandlers({
    vueFrontHome: async (_input, { auth }) => layouts.homeView(db, await viewer(auth)),
    getColumnByAlias: async ({ query }, { auth }) =>
      toColumn((await columnsFor(db, await viewer(auth), [query.alias]))[0]!),
    getColumnList: async (_input, { auth }) => (await catalogue(db, await viewer(auth))).map(toColumn),
    getDatasByAlias: async ({ body }, { auth, lang, request }) =>
      columnDatas(
        {
          db,
          auth,
          viewer: await viewer(auth),
          lang,
          headers: callerHeaders(request),
          invoke,
          log: request.log,
          imageLinks: services.imageLinks,
        },
        body.aliases,
      ),
    saveColumn: async ({ body }, { auth }) => saveColumn(db, await viewer(auth), body),
    removeColumns: async ({ query }, { auth, audit }) =>
      changed(audit, await removeColumns(db, await viewer(auth), splitIds(query.ids))),
    getLayoutByAlias: async ({ query }, { auth }) =>
      layouts.layoutFor(
        db,
        await viewer(auth),
        await findLayoutByAlias(db, auth.tenantId, query.alias),
        query.alias,
      ),
    getLayoutList: async (_input, { auth }) => layouts.allLayouts(db, await viewer(auth)),
    saveLayout: async ({ body }, { auth }) => layouts.saveLayout(db, await viewer(auth), body),
    removeLayouts: async ({ query }, { auth, audit }) =>
      changed(audit, await layouts.removeLayouts(db, await viewer(auth), splitIds(query.ids))),
    saveUserLayoutConfig: async ({ body }, { auth }) => layouts.saveUserLayout(db, await viewer(auth), body),
    saveMyLayout: async ({ body }, { auth }) => layouts.saveUserLayout(db, await viewer(auth), body),
    resetUserLayoutConfig: async ({ query }, { auth, audit }) =>
      changed(audit, await layouts.resetUserLayout(db, await viewer(auth), query.layoutId)),
    getAppAuthList: async (_input, { auth }) => appsOf(db, await viewer(auth)),
    getApp: async ({ query }, { auth }) => appContent(db, await viewer(auth), query.id),
  });
};
