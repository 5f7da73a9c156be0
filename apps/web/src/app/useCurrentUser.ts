import { useQuery } from '@tanstack/react-query';
import { fetchCurrentUser, queryKeys } from '../api/auth';

/** The signed-in user's detail (roles, posts, orgs, password strategy), cached per session. */
export const useCurrentUser = (enabled = true) =>
  useQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser, enabled });
