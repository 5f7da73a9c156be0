/**
 * HTML that Word puts on the clipboard, made into plain structure the editor understands: Word writes its
 * lists as paragraphs (class MsoListParagraph…, style mso-list:l0 level2 lfo1) with the bullet or number
 * as text; here they become nested <ul>/<ol> again. Headings (h1–h6) and tables pass as they are; Word's
 * title and subtitle styles become h1 and h2; its comments, <o:p> and style sheets go.
 */
const FROM_WORD = /urn:schemas-microsoft-com|class="?Mso|mso-/i;
const ORDERED_MARKER =
  /^\s*(\(?\d+[.)．、]?|[a-zA-Z][.)]|[ivxlcIVXLC]+[.)]|[一二三四五六七八九十]+[、.．]|（[一二三四五六七八九十\d]+）)/;

interface ListParagraph {
  element: HTMLElement;
  list: string;
  level: number;
  ordered: boolean;
}

/** The list a paragraph belongs to in Word (mso-list), or null for an ordinary paragraph. */
function listParagraph(element: Element): ListParagraph | null {
  const style = element.getAttribute('style') ?? '';
  const match = /mso-list:\s*(l\d+)\s+level(\d+)/i.exec(style);
  if (element.tagName !== 'P' || !match) return null;
  const markers = [...element.querySelectorAll('[style*="mso-list"]')].filter((span) =>
    /mso-list:\s*ignore/i.test(span.getAttribute('style') ?? ''),
  );
  const marker = markers.map((span) => span.textContent ?? '').join('');
  for (const span of markers) {
    // the marker, and the spans around it that held nothing else
    let gone: Element = span;
    while (
      gone.parentElement &&
      gone.parentElement !== element &&
      gone.parentElement.textContent === gone.textContent
    )
      gone = gone.parentElement;
    gone.remove();
  }
  return {
    element: element as HTMLElement,
    list: match[1]!,
    level: Number(match[2]),
    ordered: ORDERED_MARKER.test(marker),
  };
}

/** Builds nested lists from consecutive list paragraphs and puts them where the first one was. */
function buildLists(doc: Document, run: ListParagraph[]) {
  const first = run[0]!.element;
  const roots: HTMLElement[] = [];
  const stack: { list: HTMLElement; level: number }[] = [];
  let listId = '';
  for (const item of run) {
    while (stack.length && stack.at(-1)!.level > item.level) stack.pop();
    if (item.list !== listId && item.level === 1) stack.length = 0;
    listId = item.list;
    let top = stack.at(-1);
    if (!top || top.level < item.level) {
      const list = doc.createElement(item.ordered ? 'ol' : 'ul');
      const parentItem = top?.list.lastElementChild;
      if (parentItem) parentItem.append(list);
      else roots.push(list);
      top = { list, level: item.level };
      stack.push(top);
    }
    const li = doc.createElement('li');
    li.append(...item.element.childNodes);
    top.list.append(li);
  }
  first.before(...roots);
  for (const item of run) item.element.remove();
}

export function cleanWordHtml(html: string): string {
  if (!FROM_WORD.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  for (const element of doc.body.querySelectorAll('style, meta, link, xml, o\\:p')) element.remove();
  for (const [className, tag] of [
    ['MsoTitle', 'h1'],
    ['MsoSubtitle', 'h2'],
  ] as const) {
    for (const paragraph of doc.body.querySelectorAll(`p.${className}`)) {
      const heading = doc.createElement(tag);
      heading.append(...paragraph.childNodes);
      paragraph.replaceWith(heading);
    }
  }
  // runs of list paragraphs that follow each other (whitespace between them does not break a run)
  for (const parent of new Set(
    [...doc.body.querySelectorAll('p[style*="mso-list"]')].map((p) => p.parentElement!),
  )) {
    let run: ListParagraph[] = [];
    for (const node of [...parent.childNodes]) {
      if (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()) continue;
      const item = node.nodeType === Node.ELEMENT_NODE ? listParagraph(node as Element) : null;
      if (item) run.push(item);
      else if (run.length) {
        buildLists(doc, run);
        run = [];
      }
    }
    if (run.length) buildLists(doc, run);
  }
  return doc.body.innerHTML;
}
