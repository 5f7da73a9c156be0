import { useQuery } from '@tanstack/react-query';
import { Card, Form } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useSettings } from '../../stores/settings';
import type { FormValues } from '../schema-form/SchemaForm';
import { CandidatePicker } from './CandidatePicker';
import { PhoneCandidates } from './CandidatePopup';
import type { AheadSource } from './useCandidatePages';

/**
 * The handlers picked for the nodes ahead that let the user pick them (issue 5), among each node's
 * candidates: fields nodeUsers.{nodeId} of the surrounding form. A phone shows the 候选人 popup (spec §2).
 */
export function NextHandlers({ source, data }: { source: AheadSource; data: FormValues }) {
  const { t } = useTranslation();
  const mobile = useSettings((state) => state.device === 'mobile');
  const settled = useDeferredValue(data);
  const nodes = useQuery({
    queryKey: ['approval', 'afterJumpNodes', source, settled],
    queryFn: () => call('getAfterJumpNodes', { body: { ...source, data: settled } }),
  });
  const choosing = (nodes.data ?? [])
    .filter((node) => node.selectUsers)
    .map((node) => ({ name: node.name, node: { source, data: settled, nodeId: node.nodeId } }));
  if (!choosing.length) return null;
  return (
    <Card size="small" title={t('approval.picker.nextHandlers')}>
      {mobile ? (
        <PhoneCandidates nodes={choosing} />
      ) : (
        choosing.map(({ name, node }) => (
          <Form.Item
            key={node.nodeId}
            name={['nodeUsers', node.nodeId]}
            label={name}
            rules={[{ required: true, message: t('approval.actions.userRequired') }]}
          >
            <CandidatePicker node={node} />
          </Form.Item>
        ))
      )}
    </Card>
  );
}
