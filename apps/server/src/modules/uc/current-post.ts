/** A user's place in an org, with the post they hold there (if any). */
interface Membership {
  postId: string | null;
  isMaster: boolean;
}

/**
 * Spec §7 setCookie?postId: the post a user acts in — the one chosen in the session while it is still
 * theirs, else their main post, else their first; null for a user without posts.
 */
export function currentPostOf(memberships: readonly Membership[], chosenPostId: string | null | undefined) {
  const held = memberships.filter((m) => m.postId !== null);
  const current = held.find((m) => m.postId === chosenPostId) ?? held.find((m) => m.isMaster) ?? held[0];
  return current?.postId ?? null;
}

/**
 * The memberships a user acts through for start rights: those of the current post, and
 * those without a post; the user's other posts do not count until they switch to them.
 */
export function actingMemberships<M extends Membership>(
  memberships: readonly M[],
  chosenPostId: string | null | undefined,
) {
  const current = currentPostOf(memberships, chosenPostId);
  return memberships.filter((m) => m.postId === null || m.postId === current);
}

/** The membership of the current post (for a user without posts, their main membership, else their first). */
export function currentMembership<M extends Membership>(
  memberships: readonly M[],
  chosenPostId: string | null | undefined,
): M | undefined {
  const current = currentPostOf(memberships, chosenPostId);
  return (
    memberships.find((m) => current !== null && m.postId === current) ??
    memberships.find((m) => m.isMaster) ??
    memberships[0]
  );
}
