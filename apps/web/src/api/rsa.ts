/**
 * Password encryption for sign-in (ARCHITECTURE §3): RSA-OAEP with SHA-256 (MGF1 SHA-256) under the
 * server's SPKI public key, base64-encoded. WebCrypto only exists in secure contexts (HTTPS, localhost);
 * on plain-http intranet addresses a pure-JS implementation is loaded on demand. When the key is an SM2 one
 * (the server's GM_MODE), SM2 encryption is loaded on demand instead.
 */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const sm2Point = sm2PointOf(publicKeyPem);
  if (sm2Point) {
    const { encryptWithSm2 } = await import('./sm2');
    return encryptWithSm2(sm2Point, password);
  }
  const subtle = globalThis.crypto?.subtle;
  return subtle
    ? encryptWithWebCrypto(subtle, publicKeyPem, password)
    : encryptWithForge(publicKeyPem, password);
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** SubjectPublicKeyInfo DER before the point: id-ecPublicKey on the SM2 curve (1.2.156.10197.1.301). */
const SM2_SPKI_PREFIX = '3059301306072a8648ce3d020106082a811ccf5501822d034200';

/** The public point (hex) of an SM2 key; null for an RSA one. */
export function sm2PointOf(publicKeyPem: string): string | null {
  const hex = Array.from(pemToDer(publicKeyPem), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex.startsWith(SM2_SPKI_PREFIX) ? hex.slice(SM2_SPKI_PREFIX.length) : null;
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function encryptWithWebCrypto(subtle: SubtleCrypto, publicKeyPem: string, password: string) {
  const algorithm = { name: 'RSA-OAEP', hash: 'SHA-256' };
  const key = await subtle.importKey('spki', pemToDer(publicKeyPem), algorithm, false, ['encrypt']);
  return toBase64(await subtle.encrypt(algorithm, key, new TextEncoder().encode(password)));
}

export async function encryptWithForge(publicKeyPem: string, password: string): Promise<string> {
  const { default: forge } = await import('node-forge');
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const encrypted = key.encrypt(forge.util.encodeUtf8(password), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(encrypted);
}
