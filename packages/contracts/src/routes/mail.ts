import { route } from './route.js';

/**
 * Spec §7 "Mail and messages (portal)": personal mail, under mail/mail — accounts (mailSetting), the
 * mails of their folders (mail) and the mail contacts (mailLinkman).
 */
export const mailRoutes = {
  getMailTreeData: route({
    method: 'GET',
    group: 'portal',
    path: 'mail/mail/mail/v1/getMailTreeData',
    access: 'user',
  }),
  saveMailSetting: route({
    method: 'POST',
    group: 'portal',
    path: 'mail/mail/mailSetting/v1/save',
    access: 'user',
    audit: 'mail.setting.save',
  }),
  testMailSetting: route({
    method: 'POST',
    group: 'portal',
    path: 'mail/mail/mailSetting/v1/test',
    access: 'user',
  }),
  listMailSettings: route({
    method: 'POST',
    group: 'portal',
    path: 'mail/mail/mailSetting/v1/listJson',
    access: 'user',
  }),
  removeMailSettings: route({
    method: 'DELETE',
    group: 'portal',
    path: 'mail/mail/mailSetting/v1/remove',
    access: 'user',
    audit: 'mail.setting.remove',
  }),
  syncMail: route({
    method: 'POST',
    group: 'portal',
    path: 'mail/mail/mail/v1/sync',
    access: 'user',
    audit: 'mail.sync',
  }),
  /** Not in spec §7: how far the sync of an account has come (issue 16). */
  getMailSyncState: route({
    method: 'GET',
    group: 'portal',
    path: 'mail/mail/mail/v1/syncState',
    access: 'user',
  }),
  listMails: route({
    method: 'POST',
    group: 'portal',
    path: 'mail/mail/mail/v1/listJson',
    access: 'user',
  }),
  sendMail: route({
    method: 'POST',
    group: 'portal',
    path: 'mail/mail/mail/v1/send',
    access: 'user',
    audit: 'mail.send',
  }),
  getMail: route({
    method: 'GET',
    group: 'portal',
    path: 'mail/mail/mail/v1/getJson',
    access: 'user',
  }),
  removeMails: route({
    method: 'GET',
    group: 'portal',
    path: 'mail/mail/mail/v1/remove',
    access: 'user',
    audit: 'mail.remove',
  }),
  markMailRead: route({
    method: 'GET',
    group: 'portal',
    path: 'mail/mail/mail/v1/isRead',
    access: 'user',
  }),
  saveMailLinkman: route({
    method: 'POST',
    group: 'portal',
    path: 'mail/mail/mailLinkman/v1/save',
    access: 'user',
    audit: 'mail.linkman.save',
  }),
  listMailLinkmen: route({
    method: 'POST',
    group: 'portal',
    path: 'mail/mail/mailLinkman/v1/listJson',
    access: 'user',
  }),
  removeMailLinkmen: route({
    method: 'DELETE',
    group: 'portal',
    path: 'mail/mail/mailLinkman/v1/remove',
    access: 'user',
    audit: 'mail.linkman.remove',
  }),
  getMailAndUserData: route({
    method: 'GET',
    group: 'portal',
    path: 'mail/mail/mailLinkman/v1/getMailAndUserData',
    access: 'user',
  }),
};
