import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, sanitizeFileName } from './names.js';

describe('file names as they are kept', () => {
  it.each([
    ['报告.pdf', '报告.pdf'],
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['C:\\Users\\张三\\Desktop\\简历.docx', '简历.docx'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a\u2066b\u2069c\u200f.txt', 'abc.txt'],
    ['line\nbreak\u0000\u0007\u009b.txt', 'line break.txt'],
    ['what?<is>:"this"|*.txt', 'what__is___this___.txt'],
    ['  ..hidden.txt.  ', 'hidden.txt'],
    ['tab\tand   spaces.txt', 'tab and spaces.txt'],
    ['e\u0301te.txt', 'éte.txt'],
  ])('%j → %j', (raw, clean) => {
    expect(sanitizeFileName(raw)).toBe(clean);
  });

  it('names nothing left "file", or the fallback given', () => {
    expect(sanitizeFileName('../..')).toBe('file');
    expect(sanitizeFileName('\u202e', '原名.txt')).toBe('原名.txt');
  });

  it(`cuts a long name to ${MAX_NAME_LENGTH} characters, keeping its extension`, () => {
    const long = sanitizeFileName(`${'很长的名字'.repeat(40)}.docx`);
    expect([...long]).toHaveLength(MAX_NAME_LENGTH);
    expect(long.endsWith('.docx')).toBe(true);
    // a long "extension" is not one
    expect([...sanitizeFileName(`a.${'x'.repeat(300)}`)]).toHaveLength(MAX_NAME_LENGTH);
  });
});
