import sanitizeHtml from 'sanitize-html';

/** The ids the server generates for files (and any id of a file another area links to). */
const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Where an image the body carries by file id is fetched from (the file's download route). */
export const fileImageSource = (fileId: string) => `/portal/system/file/downloadFile?fileId=${fileId}`;

const TABLE_CELL = ['colspan', 'rowspan', 'data-colwidth'];

/**
 * The allow-list of the rich-text bodies of news, notices and meetings: the structure an editor (and a
 * document pasted from Word) needs — headings, lists, tables, links, images, emphasis, alignment — and
 * nothing that runs: no script, style sheet, frame, form or event handler, and URLs only of the schemes
 * named. Whatever is not on the list is dropped; the text inside a dropped element stays, except for
 * the contents of script, style and textarea.
 */
export const BODY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'strike',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'caption',
    'hr',
    'span',
    'div',
    'pre',
    'code',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-file-id'],
    td: TABLE_CELL,
    th: TABLE_CELL,
    ol: ['start', 'type'],
    col: ['span'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': [/^(left|right|center|justify)$/] },
    col: { width: [/^\d{1,4}(\.\d+)?px$/], 'min-width': [/^\d{1,4}(\.\d+)?px$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'col'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
    // An image of our own files is fetched by its id, whatever address the editor showed it at.
    img: (tagName, { 'data-file-id': fileId, ...attribs }) =>
      fileId && FILE_ID.test(fileId)
        ? { tagName, attribs: { ...attribs, src: fileImageSource(fileId), 'data-file-id': fileId } }
        : { tagName, attribs },
  },
  // an image left without an address shows nothing
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The body as it is stored and served: cleaned by the allow-list, never refused. */
export const sanitizeBody = (html: string): string => sanitizeHtml(html, BODY_OPTIONS);

/** The files a sanitised body shows as images (by their data-file-id). */
export function bodyFileIds(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(/data-file-id="([A-Za-z0-9_-]{1,64})"/g)) ids.add(match[1]!);
  return [...ids];
}
