import { QueryClient } from '@tanstack/react-query';
import { useSession } from '../stores/session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Server data of one session must never show in the next one.
useSession.subscribe((state, previous) => {
  if (previous.token && state.token !== previous.token) queryClient.clear();
});
