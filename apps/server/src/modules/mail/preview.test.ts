import type { MessageStructureObject } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { previewPart, previewText, uidSet } from './preview.js';

const text = (
  part: string | undefined,
  type = 'text/plain',
  extra: Partial<MessageStructureObject> = {},
) => ({
  part,
  type,
  parameters: { charset: 'utf-8' },
  encoding: 'base64',
  ...extra,
});

describe('the part a preview is read from', () => {
  it('is the plain text of an alternative, the HTML when there is none, never an attachment', () => {
    const mixed = {
      type: 'multipart/mixed',
      childNodes: [
        text('1', 'text/plain', { disposition: 'attachment' }),
        { type: 'multipart/alternative', childNodes: [text('2.1', 'text/html'), text('2.2')] },
      ],
    };
    expect(previewPart(mixed)).toEqual({ part: '2.2', html: false, charset: 'utf-8', encoding: 'base64' });
    expect(previewPart({ type: 'multipart/mixed', childNodes: [text('1', 'text/html')] })).toMatchObject({
      part: '1',
      html: true,
    });
    // a message that is not multipart: its body is part 1
    expect(previewPart(text(undefined))).toMatchObject({ part: '1' });
    expect(previewPart({ type: 'multipart/mixed', childNodes: [text('1', 'image/png')] })).toBeUndefined();
  });
});

describe('the preview of the first bytes of a part', () => {
  const part = { part: '1', html: false, charset: 'utf-8', encoding: 'quoted-printable' };

  it('drops a quoted-printable escape or a character cut at the end', () => {
    expect(previewText(part, Buffer.from('=E4=BD=A0=E5=A5=BD=\r\n=E4=B8'))).toBe('你好');
    expect(previewText(part, Buffer.from('=E4=BD=A0=E5=A5=BD=E4=B8=9'))).toBe('你好');
  });

  it('is empty for an unknown charset or bytes not of the charset', () => {
    expect(previewText({ ...part, charset: 'x-none' }, Buffer.from('abc'))).toBe('');
    expect(previewText({ ...part, encoding: '8bit' }, Buffer.from([0xff, 0x41, 0x42]))).toBe('');
  });
});

it('writes a uid set with runs as ranges', () => {
  expect(uidSet([9, 1, 2, 3, 7, 10])).toBe('1:3,7,9:10');
  expect(uidSet([4])).toBe('4');
});
