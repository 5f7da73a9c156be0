import PizZip from 'pizzip';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fillTemplate, globalTemplate, LABELS, type PrintModel } from './word-template.js';

const labels = Object.fromEntries(LABELS.map((name) => [name, `L:${name}`])) as PrintModel['labels'];

const signature = async (name: string) => ({
  png: await sharp({ create: { width: 200, height: 80, channels: 4, background: '#000' } })
    .png()
    .toBuffer(),
  width: 200,
  height: 80,
  name,
});

const model = async (): Promise<PrintModel> => ({
  labels,
  title: '请假申请',
  subject: '林雪的请假申请 <3天> & 调休',
  initiator: '林雪',
  createTime: '2026-11-02 09:30',
  endTime: '2026-11-03 10:00',
  printedBy: '何宇',
  printTime: '2026-11-28 07:30',
  fields: [
    { label: '请假天数', value: '3', signatures: [] },
    { label: '申请人签名', value: '', signatures: [await signature('林雪')] },
  ],
  opinions: [
    {
      node: '部门经理审批',
      approver: '何宇',
      action: '同意',
      opinion: '同意，注意交接',
      time: '2026-11-03 10:00',
      signatures: [await signature('何宇')],
    },
    {
      node: '人事备案',
      approver: '周敏',
      action: '同意',
      opinion: '',
      time: '2026-11-03 11:00',
      signatures: [],
    },
  ],
});

const partsOf = (docx: Buffer) => new PizZip(docx);

describe('the global print template', () => {
  it('is a Word document whose body carries the tags it is filled by', async () => {
    const zip = partsOf(await globalTemplate());
    const body = zip.file('word/document.xml')!.asText();
    for (const tag of [
      '{title}',
      '{subject}',
      '{#fields}',
      '{/fields}',
      '{#opinions}',
      '{/opinions}',
      '{@signatures}',
    ])
      expect(body).toContain(tag);
    expect(zip.file('[Content_Types].xml')!.asText()).toContain('wordprocessingml.document.main+xml');
  });

  it('fills subject, fields and opinions (escaped), one table row each, with the signatures as images', async () => {
    const zip = partsOf(await fillTemplate(await globalTemplate(), await model()));
    const body = zip.file('word/document.xml')!.asText();
    expect(body).not.toMatch(/\{[#/@]?[a-zA-Z_]+\}/);
    expect(body).toContain('林雪的请假申请 &lt;3天&gt; &amp; 调休');
    expect(body).toContain('L:opinions');
    for (const text of [
      '请假天数',
      '申请人签名',
      '部门经理审批',
      '同意，注意交接',
      '人事备案',
      '周敏',
      '2026-11-03 11:00',
    ])
      expect(body).toContain(text);
    // header row + 2 fields, header row + 2 opinions, and the 4 rows of the request
    expect(body.match(/<w:tr>/g)).toHaveLength(4 + 3 + 3);
    expect(body.match(/<a:blip r:embed="rIdSignature\d+"\/>/g)).toHaveLength(2);
    const rels = zip.file('word/_rels/document.xml.rels')!.asText();
    expect(rels).toContain('Target="media/signature-1.png"');
    expect(rels).toContain('Target="media/signature-2.png"');
    const png = zip.file('word/media/signature-2.png')!.asNodeBuffer();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // 200×80 px printed 1.2 cm high: 3 cm wide
    expect(body).toContain('<wp:extent cx="1080000" cy="432000"/>');
  });

  it('keeps the tables whole when there are no fields or opinions', async () => {
    const body = partsOf(
      await fillTemplate(await globalTemplate(), { ...(await model()), fields: [], opinions: [] }),
    )
      .file('word/document.xml')!
      .asText();
    expect(body.match(/<w:tr>/g)).toHaveLength(4 + 1 + 1);
    expect(body).not.toContain('<a:blip');
  });
});
