/**
 * Dates in the patterns forms use (Java's SimpleDateFormat letters, the subset of spec §7 getCurrentDate):
 * yyyy yy MM M dd d HH H hh h mm m ss s SSS a, and text in single quotes ('' is a quote).
 */
const pad = (n: number, width: number) => String(n).padStart(width, '0');

const FIELDS: Record<string, (date: Date) => string> = {
  yyyy: (d) => pad(d.getFullYear(), 4),
  yy: (d) => pad(d.getFullYear() % 100, 2),
  MM: (d) => pad(d.getMonth() + 1, 2),
  M: (d) => String(d.getMonth() + 1),
  dd: (d) => pad(d.getDate(), 2),
  d: (d) => String(d.getDate()),
  HH: (d) => pad(d.getHours(), 2),
  H: (d) => String(d.getHours()),
  hh: (d) => pad(d.getHours() % 12 || 12, 2),
  h: (d) => String(d.getHours() % 12 || 12),
  mm: (d) => pad(d.getMinutes(), 2),
  m: (d) => String(d.getMinutes()),
  ss: (d) => pad(d.getSeconds(), 2),
  s: (d) => String(d.getSeconds()),
  SSS: (d) => pad(d.getMilliseconds(), 3),
  a: (d) => (d.getHours() < 12 ? 'AM' : 'PM'),
};

const TOKEN = /'((?:[^']|'')*)'|([A-Za-z])\2*|[^A-Za-z']+/g;

/** The date in the pattern, in the server's time zone; null when the pattern has a letter it does not know. */
export function formatDate(pattern: string, date: Date): string | null {
  if (pattern.split("'").length % 2 === 0) return null; // an unclosed quote
  let out = '';
  for (const match of pattern.matchAll(TOKEN)) {
    const [whole, quoted, letter] = match;
    if (quoted !== undefined) out += quoted === '' ? "'" : quoted.replaceAll("''", "'");
    else if (letter !== undefined) {
      const field = FIELDS[whole];
      if (!field) return null;
      out += field(date);
    } else out += whole;
  }
  return out;
}
