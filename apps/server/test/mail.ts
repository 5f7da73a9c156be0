import type { MailSettingBody } from '@eip/contracts';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { MailServers, MailUser } from './mail-servers.js';

/** The settings of a test mailbox on the test servers (plain connections on loopback). */
export const mailSettings = (servers: MailServers, user: MailUser): MailSettingBody => ({
  mailAddress: user.address,
  nickname: user.address.split('@')[0],
  password: user.password,
  imapHost: servers.host,
  imapPort: servers.imapPort,
  imapTls: 'none',
  smtpHost: servers.host,
  smtpPort: servers.smtpPort,
  smtpTls: 'none',
});

/** Saves an account for the caller; answers its id. */
export async function addAccount(t: TestApp, token: string, body: MailSettingBody) {
  const { body: saved } = await t.call('saveMailSetting', { token, body });
  expect(saved.state, saved.message).toBe(true);
  return saved.value.id;
}
