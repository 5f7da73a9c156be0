import type { Config } from '../../config.js';
import { seal, sealKeyOf, unseal, type SealKey } from '../../security/sealed.js';

/**
 * Mail account passwords at rest (security/sealed): the tenant and account bound in as associated data, so
 * a password copied to another account's row does not open.
 */
export type MailKey = SealKey;

export const mailKeyOf = (config: Pick<Config, 'secretKey' | 'dataDir' | 'gmMode'>): MailKey =>
  sealKeyOf(config, 'mail-password');

const associated = (tenantId: string, accountId: string) => `mail:${tenantId}:${accountId}`;

export const encryptPassword = (key: MailKey, tenantId: string, accountId: string, password: string) =>
  seal(key, associated(tenantId, accountId), password);

export const decryptPassword = (key: MailKey, tenantId: string, accountId: string, stored: string) =>
  unseal(key, associated(tenantId, accountId), stored);
