import type { RouteValue } from '@eip/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../components/approval/time';
import { FieldChangesTable } from '../../../../components/field-changes/FieldChangesTable';

type Resubmitted = NonNullable<RouteValue<'taskDetailBo'>['resubmitted']>;

/**
 * Issue 17's resubmission diff: after a send-back, the approver sees which fields the initiator changed in
 * the latest resubmission (the server lists only fields this task may see).
 */
export function ResubmittedChanges({ resubmitted }: { resubmitted: Resubmitted }) {
  const { t } = useTranslation();
  const who = { name: resubmitted.by ?? '', time: resubmitted.time ? formatTime(resubmitted.time) : '' };
  const changed = resubmitted.changes.length > 0;
  return (
    <Alert
      type="warning"
      showIcon
      title={t(changed ? 'approval.resubmitted.changed' : 'approval.resubmitted.unchanged', who)}
      description={changed && <FieldChangesTable changes={resubmitted.changes} />}
    />
  );
}
