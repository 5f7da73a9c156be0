import { MOBILE_CANDIDATES_SHOWN } from '@eip/contracts';
import { Button, Card, Empty, Flex, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpinionStatusBadge } from '../approval/status';
import type { OpinionRow } from '../approval/types';
import { TaskFacts } from './NodeDetail';

/** The candidates' names: the first 3 (spec §9), and a tap for all. */
function Candidates({ names }: { names: string[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (!names.length) return <>—</>;
  const shown = names.slice(0, MOBILE_CANDIDATES_SHOWN);
  return (
    <Flex wrap gap={4}>
      {shown.map((name) => (
        <Tag key={name}>{name}</Tag>
      ))}
      {names.length > MOBILE_CANDIDATES_SHOWN && (
        <Button size="small" type="link" onClick={() => setAll(true)}>
          {t('approval.chart.moreCandidates', { count: names.length })}
        </Button>
      )}
      <Modal open={all} title={t('approval.chart.candidates')} footer={null} onCancel={() => setAll(false)}>
        <Flex wrap gap={4}>
          {names.map((name) => (
            <Tag key={name}>{name}</Tag>
          ))}
        </Flex>
      </Modal>
    </Flex>
  );
}

/** The phone's flow chart (spec §2): one card per task of the instance, oldest first, with the spec's labels. */
export function MobileNodeList({
  instId,
  opinions,
}: {
  /** none for a definition's chart, which has no tasks */
  instId: string | undefined;
  opinions: readonly OpinionRow[];
}) {
  const { t } = useTranslation();
  if (!instId || !opinions.length) return <Empty />;
  return (
    <Flex vertical gap="small" role="list" aria-label={t('approval.chart.title')}>
      {opinions.map((opinion) => (
        <Card
          key={opinion.id}
          size="small"
          role="listitem"
          title={opinion.taskName}
          extra={<OpinionStatusBadge status={opinion.status} label={opinion.statusVal} />}
        >
          <TaskFacts
            instId={instId}
            opinion={opinion}
            candidates={<Candidates names={opinion.qualfieds.map((q) => q.name)} />}
          />
        </Card>
      ))}
    </Flex>
  );
}
