import type { MailAddress, OpinionFile, RouteValue } from '@eip/contracts';

export type MailDetail = RouteValue<'getMail'>;

/** What the compose drawer starts with. */
export interface ComposeDraft {
  /** the account it goes from (the default one when not given) */
  accountId?: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html: string;
  files: OpinionFile[];
  /** a saved draft being finished: sending or saving again replaces it */
  draftId?: string;
  /** the mail answered or forwarded: the server quotes it below the new text (and a forward attaches its files) */
  replyTo?: MailDetail;
  forward?: MailDetail;
}

export type Answer = 'reply' | 'replyAll' | 'forward';

export const EMPTY_DRAFT: ComposeDraft = { to: [], cc: [], bcc: [], subject: '', html: '', files: [] };

const PREFIXES = { reply: 'Re: ', forward: 'Fwd: ' } as const;
const ANSWERED = { reply: /^\s*(re|回复|答复)\s*[:：]/i, forward: /^\s*(fw|fwd|转发)\s*[:：]/i } as const;

/** The subject of an answer: "Re: " or "Fwd: " once, not again on an answer to an answer of the same kind. */
export function answerSubject(subject: string, kind: 'reply' | 'forward'): string {
  return ANSWERED[kind].test(subject) ? subject : `${PREFIXES[kind]}${subject}`;
}

/** "Name <address>", or the address alone. */
export const showAddress = (address: MailAddress) =>
  address.name ? `${address.name} <${address.address}>` : address.address;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const unique = (list: string[]) => list.filter((a, i) => list.findIndex((b) => same(a, b)) === i);

/**
 * The draft of a reply, a reply to all or a forward of a mail. A reply goes to the sender (its Reply-To when
 * it has one); a reply to all also to the other receivers and the copies — never to the user's own
 * addresses. The subject is prefixed once; the original is quoted below (by the server, shown in the drawer).
 */
export function answerDraft(mail: MailDetail, kind: Answer, ownAddresses: string[]): ComposeDraft {
  const base = { ...EMPTY_DRAFT, accountId: mail.accountId };
  if (kind === 'forward') return { ...base, subject: answerSubject(mail.subject, 'forward'), forward: mail };
  const notOwn = (list: MailAddress[]) =>
    list.map((a) => a.address).filter((address) => !ownAddresses.some((own) => same(own, address)));
  const sender = mail.replyTo.length ? mail.replyTo : mail.from ? [mail.from] : [];
  const to = unique(
    kind === 'replyAll'
      ? [...sender.map((a) => a.address), ...notOwn(mail.to)]
      : sender.map((a) => a.address),
  );
  const cc = kind === 'replyAll' ? unique(notOwn(mail.cc)).filter((a) => !to.some((b) => same(a, b))) : [];
  return { ...base, to, cc, subject: answerSubject(mail.subject, 'reply'), replyTo: mail };
}

/** A saved draft opened to be finished. */
export const draftOf = (mail: MailDetail): ComposeDraft => ({
  accountId: mail.accountId,
  to: mail.to.map((a) => a.address),
  cc: mail.cc.map((a) => a.address),
  bcc: mail.bcc.map((a) => a.address),
  subject: mail.subject,
  html: mail.html ?? '',
  files: mail.attachments.map(({ fileId, fileName }) => ({ name: fileName, response: { fileId, fileName } })),
  draftId: mail.id,
});
