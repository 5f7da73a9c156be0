import type { FetchMessageObject, ImapFlow, MessageStructureObject } from 'imapflow';
import sanitizeHtml from 'sanitize-html';

/** How many characters of a mail's text the list shows. */
const PREVIEW_LENGTH = 200;
/** How much of a text part the sync fetches for the preview: enough for 200 characters after decoding. */
const TEXT_BYTES = 2048;
/** An HTML part's markup (its head, styles, tags) comes before its text: more of it is fetched. */
const HTML_BYTES = 8192;

/** The list's preview of a text: its first characters, control characters dropped, whitespace collapsed. */
export const previewOf = (text: string) =>
  text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, PREVIEW_LENGTH);

/** The part of a message its preview is read from, as its BODYSTRUCTURE describes it. */
export interface PreviewPart {
  /** the IMAP part number ("1" for the body of a message that is not multipart) */
  part: string;
  html: boolean;
  charset: string;
  encoding: string;
}

/** The text parts of a message that are its body, in order: not attachments, not inside an attached message. */
function bodyParts(node: MessageStructureObject): MessageStructureObject[] {
  if (node.type.startsWith('multipart/')) return (node.childNodes ?? []).flatMap(bodyParts);
  const named = node.dispositionParameters?.filename || node.parameters?.name;
  if (node.disposition === 'attachment' || named) return [];
  return node.type === 'text/plain' || node.type === 'text/html' ? [node] : [];
}

/** The part a message's preview comes from: its first plain text, else its first HTML; none without either. */
export function previewPart(structure: MessageStructureObject | undefined): PreviewPart | undefined {
  if (!structure) return undefined;
  const parts = bodyParts(structure);
  const node = parts.find((p) => p.type === 'text/plain') ?? parts.find((p) => p.type === 'text/html');
  if (!node) return undefined;
  return {
    part: node.part ?? '1',
    html: node.type === 'text/html',
    charset: node.parameters?.charset ?? 'utf-8',
    encoding: (node.encoding ?? '7bit').toLowerCase(),
  };
}

/** Base64 cut anywhere: the characters of its whole quads (the last one padded when the part ended). */
const fromBase64 = (raw: Buffer) => {
  const text = raw.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, '');
  return Buffer.from(text.slice(0, text.length - (text.length % 4)), 'base64');
};

/** Quoted-printable cut anywhere: soft line breaks joined, an escape cut at the end dropped. */
const fromQuotedPrintable = (raw: Buffer) => {
  const text = raw
    .toString('latin1')
    .replace(/=\r?\n/g, '')
    .replace(/=[0-9A-Fa-f]?$/, '');
  return Buffer.from(
    text.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
};

const ESCAPED: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/** The text of (the start of) an HTML part: head, styles and scripts left out, blocks apart. */
const htmlText = (html: string) =>
  sanitizeHtml(
    html.replace(/<(\/?)(address|blockquote|br|dd|div|dt|h[1-6]|hr|li|p|pre|table|td|th|tr)\b/gi, ' <$1$2'),
    {
      allowedTags: [],
      allowedAttributes: {},
      nonTextTags: ['head', 'title', 'style', 'script', 'textarea', 'option', 'noscript'],
    },
  ).replace(/&(lt|gt|amp);/g, (entity) => ESCAPED[entity]!);

/**
 * The preview of a part from its first bytes as the server sent them: decoded with its transfer encoding
 * and charset, HTML made text. A character cut at the end is dropped; a charset this server does not know,
 * or bytes that are not of the charset, give no preview (an empty one) rather than a garbled one.
 */
export function previewText(part: PreviewPart, raw: Buffer): string {
  const bytes =
    part.encoding === 'base64'
      ? fromBase64(raw)
      : part.encoding === 'quoted-printable'
        ? fromQuotedPrintable(raw)
        : raw;
  let text: string;
  try {
    text = new TextDecoder(part.charset).decode(bytes).replace(/\uFFFD$/, '');
  } catch {
    return '';
  }
  if (text.includes('\uFFFD')) return '';
  return previewOf(part.html ? htmlText(text) : text);
}

/** A set of uids as IMAP writes it, runs of consecutive ones as ranges: 1:3,7,9:10. */
export function uidSet(uids: number[]) {
  const sorted = [...uids].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let end = i;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    runs.push(end === i ? `${sorted[i]}` : `${sorted[i]}:${sorted[end]}`);
    i = end + 1;
  }
  return runs.join(',');
}

/**
 * The previews of listed mails by uid, from the first bytes of each one's text part only (BODY.PEEK[part]<0.n>,
 * so never an attachment and never the \Seen flag): one FETCH for the mails whose text is the same part. A
 * mail without a text part, or whose part cannot be fetched or decoded, has none (an empty preview).
 */
export async function fetchPreviews(client: ImapFlow, messages: FetchMessageObject[]) {
  const groups = new Map<string, { part: string; bytes: number; uids: number[] }>();
  const partOf = new Map<number, PreviewPart>();
  for (const message of messages) {
    const part = previewPart(message.bodyStructure);
    if (!part) continue;
    partOf.set(message.uid, part);
    const bytes = part.html ? HTML_BYTES : TEXT_BYTES;
    const key = `${part.part}<${bytes}>`;
    const group = groups.get(key);
    if (group) group.uids.push(message.uid);
    else groups.set(key, { part: part.part, bytes, uids: [message.uid] });
  }
  const previews = new Map<number, string>();
  for (const { part, bytes, uids } of groups.values()) {
    const query = { uid: true, bodyParts: [{ key: part, maxLength: bytes }] };
    try {
      for await (const message of client.fetch(uidSet(uids), query, { uid: true })) {
        const raw = message.bodyParts?.get(part.toLowerCase());
        const own = partOf.get(message.uid);
        if (raw && own) previews.set(message.uid, previewText(own, raw));
      }
    } catch {
      // the server refused these parts: no previews for them, the sync goes on
    }
  }
  return previews;
}
