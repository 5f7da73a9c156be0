import { constants, publicEncrypt } from 'node:crypto';
import { demoPassword } from './server';

export interface Envelope<T = unknown> {
  state: boolean;
  code: number | string;
  message: string;
  value: T;
}

/** Calls the API directly, as the web app does (the checks a test makes beside the browser). */
export async function api<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; envelope: Envelope<T> }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'zh-CN' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, envelope: (await response.json()) as Envelope<T> };
}

/** RSA-OAEP / SHA-256 under the server's public key, base64 — the sign-in password format. */
export function encryptPassword(publicKeyPem: string, password: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}

/** Signs in through the API, as the login page does, and answers the token. */
export async function apiSignIn(baseUrl: string, account: string, password = demoPassword): Promise<string> {
  const publicKey = await api<string>(baseUrl, 'GET', '/auth/base/tools/v1/getPublicKey');
  const login = await api<{ token: string }>(baseUrl, 'POST', '/auth/auth?tenantId=-1', {
    body: { username: account, password: encryptPassword(publicKey.envelope.value, password) },
  });
  if (!login.envelope.state) throw new Error(`sign-in of ${account} failed: ${login.envelope.message}`);
  return login.envelope.value.token;
}

/** The signing password of the demo leaders and secretaries (apps/server/src/seed/signatures.ts). */
export const signPassword = 'Sign@2026';

/**
 * The caller's signature for the leave request's 领导签字 (required at its leader node), taken as the
 * signature button takes it: the seal call getElectronicSeal with the signing password. Answers the form
 * data that places it; the server stamps the entry's time and proof.
 */
export async function leaderSignedByApi(baseUrl: string, token: string) {
  const publicKey = await api<string>(baseUrl, 'GET', '/auth/base/tools/v1/getPublicKey');
  const password = encodeURIComponent(encryptPassword(publicKey.envelope.value, signPassword));
  const seal = await api<{ fileId: string; name: string }>(
    baseUrl,
    'GET',
    `/uc/uc/electronicSeal/v1/getElectronicSeal?password=${password}`,
    { token },
  );
  if (!seal.envelope.state) throw new Error(`the seal call failed: ${seal.envelope.message}`);
  const me = await api<{ user: { id: string } }>(baseUrl, 'POST', '/uc/user/getDetailByAccountOrId', {
    token,
    body: {},
  });
  const { fileId, name } = seal.envelope.value;
  return {
    leaderSign: [{ index: 0, userId: me.envelope.value.user.id, name, signature: fileId, createTime: '' }],
  };
}
