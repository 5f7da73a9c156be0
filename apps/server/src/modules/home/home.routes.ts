import type { FastifyRequest } from 'fastify';
import { changed, defineHandlers } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { chosenPostId } from '../uc/uc.service.js';
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
  const viewer = (auth: AuthContext, request: FastifyRequest) => viewerOf(db, auth, chosenPostId(request));
  return defineHandlers({
    vueFrontHome: async (_input, { auth, request }) => layouts.homeView(db, await viewer(auth, request)),
    getColumnByAlias: async ({ query }, { auth, request }) =>
      toColumn((await columnsFor(db, await viewer(auth, request), [query.alias]))[0]!),
    getColumnList: async (_input, { auth, request }) =>
      (await catalogue(db, await viewer(auth, request))).map(toColumn),
    getDatasByAlias: async ({ body }, { auth, lang, request }) =>
      columnDatas(
        {
          db,
          auth,
          viewer: await viewer(auth, request),
          lang,
          headers: callerHeaders(request),
          invoke,
          log: request.log,
          imageLinks: services.imageLinks,
        },
        body.aliases,
      ),
    saveColumn: async ({ body }, { auth, request }) => saveColumn(db, await viewer(auth, request), body),
    removeColumns: async ({ query }, { auth, request, audit }) =>
      changed(audit, await removeColumns(db, await viewer(auth, request), splitIds(query.ids))),
    getLayoutByAlias: async ({ query }, { auth, request }) =>
      layouts.layoutFor(
        db,
        await viewer(auth, request),
        await findLayoutByAlias(db, auth.tenantId, query.alias),
        query.alias,
      ),
    getLayoutList: async (_input, { auth, request }) => layouts.allLayouts(db, await viewer(auth, request)),
    saveLayout: async ({ body }, { auth, request }) =>
      layouts.saveLayout(db, await viewer(auth, request), body),
    removeLayouts: async ({ query }, { auth, request, audit }) =>
      changed(audit, await layouts.removeLayouts(db, await viewer(auth, request), splitIds(query.ids))),
    saveUserLayoutConfig: async ({ body }, { auth, request }) =>
      layouts.saveUserLayout(db, await viewer(auth, request), body),
    saveMyLayout: async ({ body }, { auth, request }) =>
      layouts.saveUserLayout(db, await viewer(auth, request), body),
    resetUserLayoutConfig: async ({ query }, { auth, request, audit }) =>
      changed(audit, await layouts.resetUserLayout(db, await viewer(auth, request), query.layoutId)),
    getAppAuthList: async (_input, { auth, request }) => appsOf(db, await viewer(auth, request)),
    getApp: async ({ query }, { auth, request }) => appContent(db, await viewer(auth, request), query.id),
  });
};
