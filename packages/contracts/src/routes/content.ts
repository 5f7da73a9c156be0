import { route } from './route.js';

/**
 * News, notices and meetings (spec §7 "Portal content, files, misc": portalNewsNotice getNews and
 * getNewsById as the spec writes them, the news / notice / meeting pagination, and the editors' calls),
 * meeting rooms and a meeting's calendar file.
 */
export const contentRoutes = {
  getNews: route({
    method: 'GET',
    group: 'portal',
    path: 'portalNewsNotice/getNews',
    access: 'user',
  }),
  getNewsById: route({
    method: 'GET',
    group: 'portal',
    path: 'portalNewsNotice/getNewsById',
    access: 'user',
  }),
  getNewsPagination: route({
    method: 'POST',
    group: 'portal',
    path: 'portalNewsNotice/v1/getNewsPagination',
    access: 'user',
  }),
  getNoticePagination: route({
    method: 'POST',
    group: 'portal',
    path: 'portalNewsNotice/v1/getNoticePagination',
    access: 'user',
  }),
  getMeetingPagination: route({
    method: 'POST',
    group: 'portal',
    path: 'portalNewsNotice/v1/getMeetingPagination',
    access: 'user',
  }),
  saveNews: route({
    method: 'POST',
    group: 'portal',
    path: 'portalNewsNotice/v1/save',
    access: 'user',
    audit: 'news.save',
  }),
  publishNews: route({
    method: 'POST',
    group: 'portal',
    path: 'portalNewsNotice/v1/publish',
    access: 'user',
    audit: 'news.publish',
  }),
  withdrawNews: route({
    method: 'POST',
    group: 'portal',
    path: 'portalNewsNotice/v1/withdraw',
    access: 'user',
    audit: 'news.withdraw',
  }),
  removeNews: route({
    method: 'DELETE',
    group: 'portal',
    path: 'portalNewsNotice/v1/remove',
    access: 'user',
    audit: 'news.remove',
  }),
  getNewsReaders: route({
    method: 'POST',
    group: 'portal',
    path: 'portalNewsNotice/v1/getReadRecords',
    access: 'user',
  }),
  getMeetingRooms: route({
    method: 'GET',
    group: 'portal',
    path: 'portalMeetingRoom/v1/list',
    access: 'user',
  }),
  downloadMeetingIcs: route({
    method: 'GET',
    group: 'portal',
    path: 'portalNewsNotice/v1/downloadIcs',
    access: 'user',
    kind: 'download',
  }),
};
