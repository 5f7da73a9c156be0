import type PizZip from 'pizzip';

/**
 * The global print template (wordPrint) and its filling: a Word document whose tags docxtemplater fills
 * with a request's subject, initiator, dates, form fields, opinion table and handwritten signatures.
 */

/** A handwritten signature as printed: the PNG with its size in pixels, and the signer's name beside it. */
export interface PrintImage {
  png: Buffer;
  width: number;
  height: number;
  name: string;
}

/** What the template is filled with; `labels` are the headings in the reader's language. */
export interface PrintModel {
  labels: Record<(typeof LABELS)[number], string>;
  title: string;
  subject: string;
  initiator: string;
  createTime: string;
  endTime: string;
  printedBy: string;
  printTime: string;
  fields: { label: string; value: string; signatures: PrintImage[] }[];
  opinions: {
    node: string;
    approver: string;
    action: string;
    opinion: string;
    time: string;
    signatures: PrintImage[];
  }[];
}

/** The headings the template shows, each a tag `label_<name>`. */
export const LABELS = [
  'subject',
  'initiator',
  'createTime',
  'endTime',
  'form',
  'field',
  'value',
  'opinions',
  'node',
  'approver',
  'action',
  'opinion',
  'time',
  'printed',
] as const;

export const GLOBAL_TEMPLATE_FILE = 'global-print-template.docx';
const RELS = 'word/_rels/document.xml.rels';

const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"';
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`;
const FONT = '<w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:eastAsia="SimSun"/>';

const run = (text: string, style = '') =>
  `<w:r><w:rPr>${FONT}${style}</w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;
const paragraph = (text: string, style = '', align = '') =>
  `<w:p>${align ? `<w:pPr><w:jc w:val="${align}"/></w:pPr>` : ''}${run(text, style)}</w:p>`;
const BOLD = '<w:b/>';
const cell = (width: number, ...paragraphs: string[]) =>
  `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${paragraphs.join('')}</w:tc>`;
const BORDER = '<w:{side} w:val="single" w:sz="4" w:space="0" w:color="808080"/>';
const table = (widths: number[], rows: string[]) =>
  '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders>' +
  ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
    .map((side) => BORDER.replace('{side}', side))
    .join('') +
  `</w:tblBorders></w:tblPr><w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>` +
  `${rows.map((cells) => `<w:tr>${cells}</w:tr>`).join('')}</w:tbl>`;
const header = (widths: number[], tags: string[]) =>
  widths.map((w, i) => cell(w, paragraph(`{label_${tags[i]}}`, BOLD))).join('');

const INFO = ['subject', 'initiator', 'createTime', 'endTime'] as const;
const OPINION_WIDTHS = [1700, 1400, 1200, 3000, 1800];

/** The body of the built-in template: docxtemplater tags; `{@…}` tags take the signature images. */
const DOCUMENT = xml(
  `<w:document ${NS}><w:body>` +
    paragraph('{title}', `${BOLD}<w:sz w:val="36"/>`, 'center') +
    table(
      [2400, 6700],
      INFO.map((tag) => cell(2400, paragraph(`{label_${tag}}`, BOLD)) + cell(6700, paragraph(`{${tag}}`))),
    ) +
    paragraph('{label_form}', `${BOLD}<w:sz w:val="28"/>`) +
    table(
      [2400, 6700],
      [
        header([2400, 6700], ['field', 'value']),
        cell(2400, paragraph('{#fields}{label}')) +
          cell(6700, paragraph('{@signatures}'), paragraph('{value}{/fields}')),
      ],
    ) +
    paragraph('{label_opinions}', `${BOLD}<w:sz w:val="28"/>`) +
    table(OPINION_WIDTHS, [
      header(OPINION_WIDTHS, ['node', 'approver', 'action', 'opinion', 'time']),
      cell(OPINION_WIDTHS[0]!, paragraph('{#opinions}{node}')) +
        cell(OPINION_WIDTHS[1]!, paragraph('{approver}')) +
        cell(OPINION_WIDTHS[2]!, paragraph('{action}')) +
        cell(OPINION_WIDTHS[3]!, paragraph('{opinion}'), paragraph('{@signatures}')) +
        cell(OPINION_WIDTHS[4]!, paragraph('{time}{/opinions}')),
    ]) +
    paragraph('{label_printed}: {printedBy} {printTime}', '<w:sz w:val="18"/>', 'right') +
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1200" w:right="1200" w:bottom="1200" w:left="1200" w:header="600" w:footer="600" w:gutter="0"/></w:sectPr>' +
    '</w:body></w:document>',
);

/** docxtemplater and PizZip take a quarter of a second to load: they are loaded by the first print, not at start. */
const libraries = async () => {
  const [zip, template] = await Promise.all([import('pizzip'), import('docxtemplater')]);
  return { PizZip: zip.default, Docxtemplater: template.default };
};

/** The built-in global template, as a .docx file. */
export async function globalTemplate(): Promise<Buffer> {
  const { PizZip } = await libraries();
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Default Extension="png" ContentType="image/png"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
  );
  zip.file(
    '_rels/.rels',
    xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
  );
  zip.file(
    RELS,
    xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>`,
    ),
  );
  zip.file('word/document.xml', DOCUMENT);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const IMAGE_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
/** English Metric Units per centimetre, and the height a signature is printed at. */
const EMU_PER_CM = 360_000;
const SIGNATURE_HEIGHT_CM = 1.2;
const SIGNATURE_MAX_WIDTH_CM = 4;

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The drawing of one image placed in the document under relationship `rId`, scaled to signature size. */
function drawing(image: PrintImage, id: number, rId: string) {
  const scale = Math.min(
    (SIGNATURE_HEIGHT_CM * EMU_PER_CM) / image.height,
    (SIGNATURE_MAX_WIDTH_CM * EMU_PER_CM) / image.width,
  );
  const cx = Math.round(image.width * scale);
  const cy = Math.round(image.height * scale);
  return (
    `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/>` +
    `<wp:docPr id="${id}" name="signature ${id}"/>` +
    '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${id}" name="signature-${id}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>' +
    run(` ${escapeXml(image.name)} `)
  );
}

/**
 * Adds the images to the document's package and answers, for each list of images, the paragraph that
 * shows them ('' for none: the raw tag's paragraph then goes).
 */
function placeImages(zip: PizZip, lists: PrintImage[][]): string[] {
  let rels = zip.file(RELS)!.asText();
  let next = 1;
  const paragraphs = lists.map((images) => {
    if (images.length === 0) return '';
    const runs = images.map((image) => {
      const id = next++;
      const rId = `rIdSignature${id}`;
      zip.file(`word/media/signature-${id}.png`, image.png);
      rels = rels.replace(
        '</Relationships>',
        `<Relationship Id="${rId}" Type="${IMAGE_RELATIONSHIP}" Target="media/signature-${id}.png"/></Relationships>`,
      );
      return drawing(image, id, rId);
    });
    return `<w:p>${runs.join('')}</w:p>`;
  });
  zip.file(RELS, rels);
  return paragraphs;
}

/** The template filled with the model, as a .docx file. */
export async function fillTemplate(template: Buffer, model: PrintModel): Promise<Buffer> {
  const { PizZip, Docxtemplater } = await libraries();
  const zip = new PizZip(template);
  const rows = [...model.fields, ...model.opinions];
  const paragraphs = placeImages(
    zip,
    rows.map((row) => row.signatures),
  );
  const withImages = rows.map((row, i) => ({ ...row, signatures: paragraphs[i] }));
  const document = new Docxtemplater(zip, { paragraphLoop: true, linebreaks: true });
  document.render({
    ...Object.fromEntries(Object.entries(model.labels).map(([name, text]) => [`label_${name}`, text])),
    title: model.title,
    subject: model.subject,
    initiator: model.initiator,
    createTime: model.createTime,
    endTime: model.endTime,
    printedBy: model.printedBy,
    printTime: model.printTime,
    fields: withImages.slice(0, model.fields.length),
    opinions: withImages.slice(model.fields.length),
  });
  return document.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
