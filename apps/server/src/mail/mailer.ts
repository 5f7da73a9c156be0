import nodemailer from 'nodemailer';
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

const SMTP_TIMEOUT_MS = 10_000;

/** Outgoing mail through the SMTP server of SMTP_URL; null when none is configured. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | null {
  if (!config.smtpUrl) return null;
  // a mail server that does not answer must not keep a mail job for nodemailer's default minutes
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
  };
}
