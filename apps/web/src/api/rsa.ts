/**
 * Password encryption for sign-in (ARCHITECTURE §3): RSA-OAEP with SHA-256 (MGF1 SHA-256) under the
 * server's SPKI public key, base64-encoded. WebCrypto only exists in secure contexts (HTTPS, localhost);
 * on plain-http intranet addresses a pure-JS implementation is loaded on demand.
 */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  return subtle
    ? encryptWithWebCrypto(subtle, publicKeyPem, password)
    : encryptWithForge(publicKeyPem, password);
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
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
