import { describe, expect, it } from 'vitest';
import { docx, pdf, zip } from '../../test/docx.js';
import { ALLOWED_TYPES, detectType, previewKindOf, storedContentType, textCharset } from './detect.js';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex');
const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);
const elf = Buffer.concat([Buffer.from('7f454c46', 'hex'), Buffer.alloc(64)]);

const detect = (bytes: Buffer, name: string, purpose: keyof typeof ALLOWED_TYPES = 'opinion') =>
  detectType(bytes, true, name, ALLOWED_TYPES[purpose]);

describe('the type of an upload, from its bytes', () => {
  it.each([
    [png, 'a.png', 'png', 'image/png'],
    [jpeg, 'a.jpeg', 'jpg', 'image/jpeg'],
    [pdf('x'), 'a.pdf', 'pdf', 'application/pdf'],
    [
      docx(['x']),
      'a.docx',
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [cfb, 'old.doc', 'doc', 'application/msword'],
    [cfb, 'old.xls', 'xls', 'application/vnd.ms-excel'],
    [zip({ 'a.txt': 'a' }), 'a.zip', 'zip', 'application/zip'],
    [Buffer.from('名字,部门\n张三,研发'), 'a.csv', 'csv', 'text/csv; charset=utf-8'],
    [Buffer.from('# 标题'), 'README.md', 'md', 'text/markdown; charset=utf-8'],
    [Buffer.from('日志'), 'server.log', 'txt', 'text/plain; charset=utf-8'],
    [Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]), '名单.txt', 'txt', 'text/plain; charset=gb18030'],
  ])('%#: %s named %s is %s', async (bytes, name, id, contentType) => {
    const detected = await detect(bytes, name);
    expect(detected.ok && detected.type.id).toBe(id);
    if (detected.ok) expect(storedContentType(detected)).toBe(contentType);
  });

  it.each([
    [exe, 'setup.exe', 'exe'],
    [exe, 'renamed.pdf', 'exe'],
    [elf, 'tool.txt', 'elf'],
    [cfb, 'installer.msi', 'cfb'],
    [Buffer.from('<svg onload="alert(1)"/>'), 'logo.svg', 'svg'],
    [Buffer.from('<script>alert(1)</script>'), 'page.html', 'html'],
    [Buffer.from('text\u0000with nul'), 'a.txt', 'txt'],
    [Buffer.from('UTF-16', 'utf16le'), 'utf16.txt', 'txt'],
  ])('%#: refuses %s named %s (%s)', async (bytes, name, found) => {
    expect(await detect(bytes, name)).toEqual({ ok: false, reason: 'forbidden', found });
  });

  it('refuses a type the purpose does not accept, and bytes their extension misnames', async () => {
    expect(await detect(pdf('x'), 'cover.pdf', 'newsCover')).toEqual({
      ok: false,
      reason: 'forbidden',
      found: 'pdf',
    });
    expect(await detect(png, 'contract.pdf')).toEqual({ ok: false, reason: 'mismatch', found: 'png' });
    expect(await detect(pdf('x'), 'notes.txt')).toEqual({ ok: false, reason: 'mismatch', found: 'pdf' });
    expect((await detect(png, 'no-extension')).ok).toBe(true);
  });

  it('takes a head cut inside a character as text, and a whole file cut there as not', () => {
    const bytes = Buffer.from('中文');
    expect(textCharset(bytes.subarray(0, 5), false)).toBe('utf-8');
    expect(textCharset(Buffer.from([0xe4, 0xb8, 0xff]), true)).toBe(null);
  });

  it('previews by the stored media type', () => {
    expect(previewKindOf('image/webp')).toBe('image');
    expect(previewKindOf('text/csv; charset=gb18030')).toBe('text');
    expect(previewKindOf('application/vnd.ms-powerpoint')).toBe('office');
    expect(previewKindOf('application/zip')).toBe('none');
    expect(previewKindOf('application/x-msdownload')).toBe('none');
  });
});
