import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchCurrentUser, queryKeys, signOutOnServer } from '../../api/auth';
import { useSession } from '../../stores/session';

/** The signed-in user's detail from the server. */
export const useCurrentUser = () => useQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser });

/** Revokes the token on the server, then ends the session here; the guard sends the user to /login. */
export function useSignOut() {
  const signOut = useSession((state) => state.signOut);
  return useMutation({
    // The session ends on this side even when the server cannot be reached or the token already expired.
    mutationFn: () => signOutOnServer().catch(() => null),
    onSettled: signOut,
  });
}
