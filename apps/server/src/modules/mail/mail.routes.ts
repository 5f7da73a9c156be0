import { newId } from '../../db/ids.js';
import { notFound } from '../../errors.js';
import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { splitIds } from '../uc/ids.js';
import * as accounts from './account.repository.js';
import { checkAddress, saveAccount, testAccount } from './account.service.js';
import * as linkmen from './linkman.repository.js';
import { mailTree, markRead, readMail, removeMails, requestSync, syncState } from './mail.service.js';
import { queryMails } from './mail.repository.js';
import { mailKeyOf } from './password.js';
import { sendMail } from './send.service.js';

/** Personal mail (spec §7 "Mail and messages"): each caller reaches only their own accounts, mails and contacts. */
export const mailHandlers = (services: Services) => {
  const { db } = services;
  const key = mailKeyOf(services.config);
  return defineHandlers({
    getMailTreeData: async (_input, { auth }) => mailTree(db, auth),
    saveMailSetting: async ({ body }, { auth }) => saveAccount(db, key, auth, body),
    testMailSetting: async ({ body }, { auth, lang }) => testAccount(db, key, auth, body, lang),
    listMailSettings: async ({ body }, { auth }) =>
      accounts.queryAccounts(db, auth.tenantId, auth.userId, body),
    removeMailSettings: async ({ query }, { auth, audit }) =>
      changed(audit, await accounts.removeAccounts(db, auth.tenantId, auth.userId, splitIds(query.ids))),
    syncMail: async ({ query }, { auth }) => requestSync(db, auth, query.id),
    getMailSyncState: async ({ query }, { auth }) => syncState(db, auth, query.id),
    listMails: async ({ body }, { auth }) => queryMails(db, auth.tenantId, auth.userId, body),
    sendMail: async ({ body }, { auth }) => sendMail(services, key, auth, body),
    getMail: async ({ query }, { auth }) =>
      readMail(db, services.files, key, auth, query.id, query.allowImages === 'true'),
    removeMails: async ({ query }, { auth, audit }) =>
      changed(audit, await removeMails(db, key, auth, splitIds(query.ids), query.type)),
    markMailRead: async ({ query }, { auth }) => markRead(db, key, auth, query.id, query.isRead !== 'false'),
    saveMailLinkman: async ({ body }, { auth }) => {
      const saved = await linkmen.saveLinkman(
        db,
        {
          tenantId: auth.tenantId,
          userId: auth.userId,
          id: body.id ?? newId(),
          isNew: body.id === undefined,
        },
        { name: body.name.trim(), mailAddress: checkAddress(body.mailAddress) },
      );
      if (!saved) throw notFound('mail.linkmanNotFound', { id: body.id ?? '' });
      return saved;
    },
    listMailLinkmen: async ({ body }, { auth }) => linkmen.queryLinkmen(db, auth.tenantId, auth.userId, body),
    removeMailLinkmen: async ({ query }, { auth, audit }) =>
      changed(audit, await linkmen.removeLinkmen(db, auth.tenantId, auth.userId, splitIds(query.ids))),
    getMailAndUserData: async ({ query }, { auth }) =>
      linkmen.contactsMatching(db, auth.tenantId, auth.userId, query.query ?? ''),
  });
};
