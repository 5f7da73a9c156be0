/**
 * A random version 4 UUID written as 32 lowercase hex characters without hyphens (spec §9 "uuid length 32").
 * Uses crypto.getRandomValues, which browsers also offer on plain http pages, unlike crypto.randomUUID.
 */
export function createUuid(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
