/**
 * RFC 8785 (JSON Canonicalization Scheme) of a JSON value: object members sorted by their names' UTF-16
 * code units, no whitespace, strings and numbers serialised as ECMAScript's JSON.stringify does (which
 * is what the RFC specifies). Undefined members are left out, as JSON has none.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('not a JSON number');
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      return JSON.stringify(value);
    throw new TypeError(`not a JSON value: ${typeof value}`);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const record = value as Record<string, unknown>;
  // Array.prototype.sort compares UTF-16 code units, the order RFC 8785 §3.2.3 asks for
  const names = Object.keys(record)
    .filter((name) => record[name] !== undefined)
    .sort();
  return `{${names.map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`).join(',')}}`;
}
