import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { splitIds } from '../uc/ids.js';
import { listRooms } from './content.repository.js';
import * as content from './content.service.js';

const DEFAULT_NEWS_SIZE = 10;

/** News, notices and meetings: everyone reads what is published for them; editors write. */
export const contentHandlers = (services: Services) => {
  const { db } = services;
  return defineHandlers({
    getNews: async ({ query }, { auth }) =>
      content.latestNews(db, auth, query.classifyId, query.size ? Number(query.size) : DEFAULT_NEWS_SIZE),
    getNewsById: async ({ query }, { auth }) => content.openEntry(db, auth, query.id),
    getNewsPagination: async ({ body }, { auth }) => content.listContent(db, auth, 'news', body),
    getNoticePagination: async ({ body }, { auth }) => content.listContent(db, auth, 'notice', body),
    getMeetingPagination: async ({ body }, { auth }) => content.listContent(db, auth, 'meeting', body),
    saveNews: async ({ body }, { auth }) => content.saveEntry(services, auth, body),
    publishNews: async ({ query }, { auth }) => content.publishEntry(services, auth, query.id),
    withdrawNews: async ({ query }, { auth }) => content.withdrawEntry(services, auth, query.id),
    removeNews: async ({ query }, { auth, audit }) =>
      changed(audit, await content.removeEntriesOf(services, auth, splitIds(query.ids))),
    getNewsReaders: async ({ query, body }, { auth }) => content.entryReaders(db, auth, query.id, body),
    getMeetingRooms: async (_input, { auth }) => listRooms(db, auth.tenantId),
    downloadMeetingIcs: async ({ query }, { auth }) => content.meetingCalendar(services, auth, query.id),
  });
};
