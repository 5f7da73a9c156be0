import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';
import type { FormValues } from '../../../../components/schema-form/SchemaForm';
import { approvalKeys } from '../../shared/queries';

/**
 * Says, in the agree dialog, that agreeing ends the request: the engine's answer (isEnd) for the form
 * data about to be submitted. Nothing is shown while it is asked or when more steps follow.
 */
export function EndNote({ taskId, leaderId, data }: { taskId: string; leaderId?: string; data: FormValues }) {
  const { t } = useTranslation();
  const ends = useQuery({
    queryKey: approvalKeys.isEnd(taskId, leaderId, data),
    queryFn: () => call('isEnd', { body: { taskId, leaderId, data }, silent: true }),
  });
  if (ends.data !== true) return null;
  return <Alert type="info" showIcon title={t('approval.actions.endsFlow')} style={{ marginBottom: 16 }} />;
}
