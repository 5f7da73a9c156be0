import type { MailTestFailure, MailTestResult, MailTlsMode } from '@eip/contracts';
import type { Language } from '@eip/contracts/codes';
import type { ImapFlow } from 'imapflow';
import { translate } from '../../i18n/messages.js';
import { smtpTransport, SMTP_TIMEOUT_MS } from '../../mail/mailer.js';

/** What it takes to reach an account's servers: the stored settings and the password in clear. */
export interface MailServerSettings {
  mailAddress: string;
  nickname: string;
  account: string;
  password: string;
  imapHost: string;
  imapPort: number;
  imapTls: string;
  smtpHost: string;
  smtpPort: number;
  smtpTls: string;
  allowSelfSigned: boolean;
}

const tls = (settings: MailServerSettings) => ({ rejectUnauthorized: !settings.allowSelfSigned });

/**
 * An IMAP client for the account (not yet connected); every wait is bounded by SMTP_TIMEOUT_MS. imapflow is
 * loaded on the first use of mail, not at every start.
 */
const imapClient = async (settings: MailServerSettings) =>
  new (await import('imapflow')).ImapFlow({
    host: settings.imapHost,
    port: settings.imapPort,
    secure: (settings.imapTls as MailTlsMode) === 'ssl',
    doSTARTTLS: (settings.imapTls as MailTlsMode) === 'starttls' ? true : false,
    tls: tls(settings),
    auth: { user: settings.account, pass: settings.password },
    logger: false,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: 60_000,
    disableAutoIdle: true,
  });

/** Runs `work` on a connected IMAP client and logs out, whatever happens. */
export async function withImap<T>(settings: MailServerSettings, work: (client: ImapFlow) => Promise<T>) {
  const client = await imapClient(settings);
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** The account's SMTP transport (nodemailer through the shared mailer). */
export const smtpOf = (settings: MailServerSettings) =>
  smtpTransport({
    host: settings.smtpHost,
    port: settings.smtpPort,
    secure: (settings.smtpTls as MailTlsMode) === 'ssl',
    requireTLS: (settings.smtpTls as MailTlsMode) === 'starttls',
    ignoreTLS: (settings.smtpTls as MailTlsMode) === 'none',
    tls: tls(settings),
    auth: { user: settings.account, pass: settings.password },
  });

const UNREACHABLE = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|ECONNRESET/;
const TIMEOUT = /ETIMEDOUT|ETIMEOUT|timed? ?out|TIMEOUT/i;
const CERTIFICATE = /CERT|certificate|self[- ]signed|UNABLE_TO_VERIFY/i;

/** Which step a connection failed at, from the error imapflow or nodemailer threw. */
export function failureOf(error: unknown): MailTestFailure {
  const e = error as {
    code?: string;
    message?: string;
    authenticationFailed?: boolean;
    responseCode?: number;
  };
  const text = `${e.code ?? ''} ${e.message ?? String(error)}`;
  if (e.authenticationFailed || e.code === 'EAUTH' || e.responseCode === 535) return 'login';
  if (CERTIFICATE.test(text)) return 'certificate';
  if (UNREACHABLE.test(text)) return 'unreachable';
  if (TIMEOUT.test(text)) return 'timeout';
  return 'refused';
}

const failed = (
  lang: Language,
  server: 'imap' | 'smtp',
  failure: MailTestFailure,
  settings: MailServerSettings,
) => ({
  ok: false,
  server,
  failure,
  message: translate(lang, `mail.test.${failure}`, {
    server: server.toUpperCase(),
    host: server === 'imap' ? settings.imapHost : settings.smtpHost,
    port: server === 'imap' ? settings.imapPort : settings.smtpPort,
  }),
});

/** Signs in to the IMAP server, then the SMTP server; says the first step that failed. */
export async function testServers(settings: MailServerSettings, lang: Language): Promise<MailTestResult> {
  try {
    await withImap(settings, async () => undefined);
  } catch (error) {
    return failed(lang, 'imap', failureOf(error), settings);
  }
  const smtp = smtpOf(settings);
  try {
    await smtp.verify();
  } catch (error) {
    return failed(lang, 'smtp', failureOf(error), settings);
  } finally {
    smtp.close();
  }
  return { ok: true, server: null, failure: null, message: translate(lang, 'mail.test.ok') };
}
