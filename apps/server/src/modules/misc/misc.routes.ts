import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { queryTags } from './tag.repository.js';
import { toPinyin } from '../uc/pinyin.js';
import {
  currentDate,
  dictionary,
  firstTemplateMenuPath,
  nextSerial,
  oftenMenus,
  refuseScript,
  saveTag,
} from './misc.service.js';

export const miscHandlers = (services: Services) => {
  const { db } = services;
  return defineHandlers({
    getDictByTypeKey: async ({ query }, { auth }) => dictionary(db, auth, query.typeKey),
    queryTags: async ({ body }, { auth }) => queryTags(db, auth.tenantId, body),
    saveTag: async ({ body }, { auth }) => saveTag(services, auth, body),
    getNextIdByAlias: async ({ query }, { auth, audit }) => {
      const serial = await nextSerial(db, auth, query.alias);
      audit.target = `alias=${query.alias} value=${serial}`;
      return serial;
    },
    executeScript: async () => {
      throw refuseScript();
    },
    getFirstMenuRouterPathByTemplateAlias: async ({ query }, { auth }) =>
      firstTemplateMenuPath(services, auth, query.templateAlias),
    often: async ({ body }, { auth }) => oftenMenus(services, auth, body),
    getPinyin: async ({ query }) => toPinyin(query.chinese, query.type ?? '1'),
    getCurrentDate: async ({ query }) => currentDate(query.valFormat),
  });
};
