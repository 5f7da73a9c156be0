import sanitizeHtml from 'sanitize-html';
import { BODY_OPTIONS } from '../content/sanitize.js';

/**
 * A mail's HTML as it is kept: the rich-text allow-list of news bodies, plus what mail writers use —
 * inline images (data: and cid:), fonts and colours. Nothing that runs survives.
 */
const MAIL_OPTIONS: sanitizeHtml.IOptions = {
  ...BODY_OPTIONS,
  allowedTags: [...(BODY_OPTIONS.allowedTags as string[]), 'font', 'center'],
  allowedAttributes: {
    ...BODY_OPTIONS.allowedAttributes,
    font: ['color', 'face', 'size'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width', 'bgcolor'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width', 'bgcolor'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'align'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#?[\w(),.% ]{1,40}$/],
      'background-color': [/^#?[\w(),.% ]{1,40}$/],
      'font-weight': [/^\w{1,10}$/],
      'font-size': [/^\d{1,3}(\.\d+)?(px|pt|em|%)$/],
    },
  },
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
};

export const sanitizeMail = (html: string) => sanitizeHtml(html, MAIL_OPTIONS);

const REMOTE = /^(https?:)?\/\//i;

/** The kept HTML as the reader gets it: remote images left out unless allowed; says whether any were. */
export function withoutRemoteImages(html: string): { html: string; blocked: boolean } {
  let blocked = false;
  const cleaned = sanitizeHtml(html, {
    ...MAIL_OPTIONS,
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false;
      const remote = REMOTE.test(frame.attribs.src ?? '');
      if (remote) blocked = true;
      return remote || !frame.attribs.src;
    },
  });
  return { html: cleaned, blocked };
}

/** Text made HTML (a text-only mail quoted in a reply). */
export const textToHtml = (text: string) =>
  text
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/\n/g, '<br>');
