import { INSTANCE_STATUSES, STATUS_COLORS, type InstanceStatus } from '@eip/contracts/flow';
import { Badge, type BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';

const isInstanceStatus = (status: string): status is InstanceStatus =>
  (INSTANCE_STATUSES as readonly string[]).includes(status);

const INSTANCE_BADGES: Record<InstanceStatus, BadgeProps['status']> = {
  draft: 'default',
  running: 'processing',
  end: 'success',
  manualend: 'warning',
  backToStart: 'warning',
  back: 'error',
  revoke: 'default',
  revokeToStart: 'default',
};

/** An instance's status as a coloured dot and its text (the text keeps the normal colour, for contrast). */
export function InstanceStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  if (!isInstanceStatus(status)) return <Badge status="default" text={status} />;
  return <Badge status={INSTANCE_BADGES[status]} text={t(`approval.instanceStatus.${status}`)} />;
}

/** Opinion statuses with a text of their own: the node statuses, plus waiting and reject. */
const OPINION_STATUSES = [...Object.keys(STATUS_COLORS), 'awaiting_check', 'reject', 'abandon'] as const;
type OpinionStatus = keyof typeof STATUS_COLORS | 'awaiting_check' | 'reject' | 'abandon';

export const isOpinionStatus = (status: string): status is OpinionStatus =>
  (OPINION_STATUSES as readonly string[]).includes(status);

/** The text of an opinion (node) status; an unknown one as it is. */
export function useOpinionStatusLabel() {
  const { t } = useTranslation();
  return (status: string) => (isOpinionStatus(status) ? t(`approval.opinionStatus.${status}`) : status);
}

/** The colour of an opinion status (reference statusColorMap; waiting shows as pending). */
export const opinionStatusColor = (status: string, colors: Record<string, string> = STATUS_COLORS) =>
  colors[status === 'awaiting_check' ? 'pending' : status === 'reject' ? 'back' : status];

/** An opinion status as a coloured dot and its text (the text keeps the normal colour, for contrast). */
export function OpinionStatusBadge({ status, label }: { status: string; label: string }) {
  return <Badge color={opinionStatusColor(status)} text={label} />;
}
