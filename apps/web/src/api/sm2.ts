import { sm2 } from 'sm-crypto-v2';

/**
 * SM2 password encryption (GM_MODE) under the server's public point (hex, 04…): GM/T 0009 ASN.1 with C1C3C2,
 * base64-encoded, as the server (and OpenSSL) decrypt it. Loaded only when getPublicKey hands out an SM2 key.
 */
export function encryptWithSm2(publicPointHex: string, password: string): string {
  const hex = sm2.doEncrypt(password, publicPointHex, 1, { asn1: true });
  let binary = '';
  for (let i = 0; i < hex.length; i += 2) binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(binary);
}
