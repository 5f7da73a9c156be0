/** The longest file name kept, in characters (most file systems allow 255 bytes; names are mostly CJK). */
export const MAX_NAME_LENGTH = 120;

/**
 * Control characters (C0, DEL, C1) and the invisible direction marks and overrides that make
 * `invoice‮fdp.exe` read as `invoiceexe.pdf`.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/g;
/** Characters Windows refuses in a name. */
const RESERVED = /[<>:"|?*]/g;

/**
 * A file name fit to store and to hand back in a download: no directory part, no control or direction
 * characters, no characters Windows refuses, no leading or trailing dots and blanks, at most
 * MAX_NAME_LENGTH characters with the extension kept. Nothing left: `fallback`.
 */
export function sanitizeFileName(raw: string, fallback = 'file'): string {
  const base = raw.replaceAll('\\', '/').split('/').pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(UNSAFE, '')
    .replace(RESERVED, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!clean) return fallback;
  const chars = [...clean];
  if (chars.length <= MAX_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? [...clean.slice(dot)] : [];
  if (ext.length > 16) return chars.slice(0, MAX_NAME_LENGTH).join('');
  return [...chars.slice(0, MAX_NAME_LENGTH - ext.length), ...ext].join('').trim();
}
