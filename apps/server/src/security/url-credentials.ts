/** Query parameters that carry a credential: a sign-in token (spec §2), an SSO ticket or code, a password. */
const CREDENTIAL_PARAMETERS = new Set([
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'ticket',
  'code',
  'password',
]);

function decodedName(pair: string): string {
  const equals = pair.indexOf('=');
  const name = equals < 0 ? pair : pair.slice(0, equals);
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The query's name=value pairs of an address (after ? and before #). */
function queryPairs(url: string): { head: string; pairs: string[]; tail: string } {
  const question = url.indexOf('?');
  if (question < 0) return { head: url, pairs: [], tail: '' };
  const hash = url.indexOf('#', question);
  const end = hash < 0 ? url.length : hash;
  return {
    head: url.slice(0, question),
    pairs: url.slice(question + 1, end).split('&'),
    tail: url.slice(end),
  };
}

/** The address with the value of every credential parameter replaced, as it may be written to a log. */
export function redactUrl(url: string): string {
  const { head, pairs, tail } = queryPairs(url);
  if (!pairs.length) return url;
  const redacted = pairs.map((pair) =>
    pair.includes('=') && CREDENTIAL_PARAMETERS.has(decodedName(pair))
      ? `${pair.slice(0, pair.indexOf('='))}=[redacted]`
      : pair,
  );
  return `${head}?${redacted.join('&')}${tail}`;
}

/** Whether an address carries a credential in its query. */
export const carriesCredential = (url: string) =>
  queryPairs(url).pairs.some((pair) => CREDENTIAL_PARAMETERS.has(decodedName(pair)));
