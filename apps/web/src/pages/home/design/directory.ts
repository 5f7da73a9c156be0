import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';

const ALL = { pageBean: { page: 1, pageSize: 500, showTotal: false } };
const DIRECTORY_STALE_MS = 5 * 60_000;

/** The tenant's roles, orgs and posts, for choosing whom a layout or a column is for. */
export function useAudienceOptions() {
  const roles = useQuery({
    queryKey: ['home', 'roles'],
    queryFn: () => call('getRolePage', { body: ALL }),
    staleTime: DIRECTORY_STALE_MS,
  });
  const posts = useQuery({
    queryKey: ['home', 'posts'],
    queryFn: () => call('getOrgPostPage', { body: ALL }),
    staleTime: DIRECTORY_STALE_MS,
  });
  const orgs = useQuery({
    queryKey: ['home', 'orgs'],
    queryFn: () => call('getOrgPage', { body: ALL }),
    staleTime: DIRECTORY_STALE_MS,
  });
  return {
    roles: (roles.data?.rows ?? []).map((role) => ({ value: role.id, label: role.name })),
    posts: (posts.data?.rows ?? []).map((post) => ({ value: post.id, label: post.name })),
    orgs: (orgs.data?.rows ?? []).map((org) => ({ value: org.id, label: org.pathName })),
    loading: roles.isPending || posts.isPending || orgs.isPending,
  };
}
