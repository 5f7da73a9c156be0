/**
 * Whether a change was made from the stored version: the updateTime the client read equals the stored one
 * (to the millisecond, as the server writes it). A missing or unreadable one is not the stored version.
 */
export function sameVersion(stored: Date, sent: string | null | undefined): boolean {
  if (!sent) return false;
  const time = Date.parse(sent);
  return Number.isFinite(time) && time === stored.getTime();
}
