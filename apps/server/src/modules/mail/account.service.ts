import type { MailSettingBody, MailTestResult } from '@eip/contracts';
import type { Language } from '@eip/contracts/codes';
import { isEmail } from '@eip/contracts/utils';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { badRequest, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import * as repo from './account.repository.js';
import { testServers, type MailServerSettings } from './connect.js';
import { decryptPassword, encryptPassword, type MailKey } from './password.js';

export const checkAddress = (address: string) => {
  if (!isEmail(address.trim())) throw badRequest('mail.badAddress', { address });
  return address.trim();
};

/** The caller's account of that id (404 for anyone else's). */
export async function ownAccount(db: Db, auth: AuthContext, id: string) {
  const row = await repo.findAccount(db, auth.tenantId, auth.userId, id);
  if (!row) throw notFound('mail.accountNotFound', { id });
  return row;
}

/** The settings of a stored account with its password in clear (for the servers only). */
export const serverSettings = (key: MailKey, row: repo.AccountRow): MailServerSettings => ({
  ...row,
  password: decryptPassword(key, row.tenantId, row.id, row.password),
});

/** The body's settings, its password taken from the stored account with isOriginPwd (that account must be the caller's). */
async function settingsOf(db: Db, key: MailKey, auth: AuthContext, body: MailSettingBody) {
  const mailAddress = checkAddress(body.mailAddress);
  const existing = body.id === undefined ? undefined : await ownAccount(db, auth, body.id);
  let password = body.password;
  if (body.isOriginPwd && existing) password = serverSettings(key, existing).password;
  if (!password) throw badRequest('mail.passwordRequired');
  const settings: MailServerSettings = {
    mailAddress,
    nickname: body.nickname?.trim() || mailAddress.split('@')[0]!,
    account: body.account?.trim() || mailAddress,
    password,
    imapHost: body.imapHost.trim(),
    imapPort: body.imapPort,
    imapTls: body.imapTls,
    smtpHost: body.smtpHost.trim(),
    smtpPort: body.smtpPort,
    smtpTls: body.smtpTls,
    allowSelfSigned: body.allowSelfSigned ?? false,
  };
  return { settings, existing };
}

export async function testAccount(
  db: Db,
  key: MailKey,
  auth: AuthContext,
  body: MailSettingBody,
  lang: Language,
): Promise<MailTestResult> {
  const { settings } = await settingsOf(db, key, auth, body);
  return testServers(settings, lang);
}

/** Adds or changes an account: the password encrypted, one default per user (the first account is it). */
export async function saveAccount(db: Db, key: MailKey, auth: AuthContext, body: MailSettingBody) {
  const { settings, existing } = await settingsOf(db, key, auth, body);
  return db.transaction(async (tx) => {
    const id = existing?.id ?? newId();
    // a user's only account is their default, whatever the body says
    const others = (await repo.accountCount(tx, auth.tenantId, auth.userId)) - (existing ? 1 : 0);
    const isDefault = others === 0 || (body.isDefault ?? existing?.isDefault ?? false);
    if (isDefault) await repo.clearDefault(tx, auth.tenantId, auth.userId);
    const values = {
      ...settings,
      password: encryptPassword(key, auth.tenantId, id, settings.password),
      isDefault,
    };
    const row = existing
      ? await repo.updateAccount(tx, auth.tenantId, id, values)
      : await repo.insertAccount(tx, { tenantId: auth.tenantId, id, userId: auth.userId }, values);
    return repo.toSetting(row!);
  });
}
