import { randomBytes } from 'node:crypto';

/**
 * A 32-character lowercase hex id, time-ordered (UUID version 7 layout without hyphens) so that new
 * rows land at the end of their indexes.
 */
export function newId(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return bytes.toString('hex');
}
