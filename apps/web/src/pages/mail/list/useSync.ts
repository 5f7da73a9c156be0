import type { MailSyncStatus, RouteValue } from '@eip/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { mailKeys } from '../shared/keys';

type SyncState = RouteValue<'getMailSyncState'>;

const BUSY: readonly MailSyncStatus[] = ['pending', 'running'];
const POLL_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 收取: queues the sync of an account, then asks how far it has come every second until it is done (the
 * lists and counts are asked again) or failed (its error is shown).
 */
export function useSync() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<SyncState | null>(null);
  const sync = useMutation({
    mutationFn: async (id: string) => {
      let state = await call('syncMail', { query: { id } });
      setProgress(state);
      while (BUSY.includes(state.status)) {
        await wait(POLL_MS);
        state = await call('getMailSyncState', { query: { id } });
        setProgress(state);
      }
      return state;
    },
    onSuccess: (state) => {
      if (state.status === 'failed') toast.error(state.error || t('mail.list.syncFailed'));
      else toast.success(t('mail.list.synced', { count: state.fetched }));
    },
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: mailKeys.all });
    },
  });
  return { start: (id: string) => sync.mutate(id), busy: sync.isPending, progress };
}
