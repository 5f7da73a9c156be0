import { encryptPassword } from '../../api/rsa';
import { fetchPublicKey } from '../../api/auth';

/** Signing passwords travel RSA-encrypted, like the sign-in password. */
export async function encryptSignPasswords<K extends string>(
  passwords: Record<K, string>,
): Promise<Record<K, string>> {
  const publicKey = await fetchPublicKey();
  const entries = await Promise.all(
    Object.entries<string>(passwords).map(async ([key, plain]) => [
      key,
      await encryptPassword(publicKey, plain),
    ]),
  );
  return Object.fromEntries(entries) as Record<K, string>;
}
