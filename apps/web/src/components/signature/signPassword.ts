import { fetchPublicKey, sealPasswords } from '../../api/auth';

/** Signing passwords travel RSA-encrypted with a server nonce, like the sign-in password. */
export async function encryptSignPasswords<K extends string>(
  passwords: Record<K, string>,
): Promise<Record<K, string>> {
  const entries = Object.entries<string>(passwords);
  const sealed = await sealPasswords(await fetchPublicKey(), ...entries.map(([, plain]) => plain));
  return Object.fromEntries(entries.map(([key], i) => [key, sealed[i]])) as Record<K, string>;
}
