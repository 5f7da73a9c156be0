import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; a failure throws (the job that sends it is then retried). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** How long a mail server may keep us waiting at each step (connection, greeting, any answer). */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * An SMTP transport (nodemailer) with our timeouts: a mail server that does not answer must not keep a
 * mail job or a user for nodemailer's default minutes. The portal's notification mail and each user's
 * own mail account (modules/mail) send through here.
 */
export const smtpTransport = (options: string | SMTPTransport.Options) =>
  nodemailer.createTransport({
    ...(typeof options === 'string' ? { url: options } : options),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });

/** Outgoing mail through the SMTP server of SMTP_URL; null when none is configured. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | null {
  if (!config.smtpUrl) return null;
  const transport = smtpTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
  };
}
