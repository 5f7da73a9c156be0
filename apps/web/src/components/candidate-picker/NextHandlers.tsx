import { useQuery } from '@tanstack/react-query';
import { Card, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useSettled } from '../../app/useSettled';
import { useSettings } from '../../stores/settings';
import type { FormValues } from '../schema-form/SchemaForm';
import { CandidatePicker } from './CandidatePicker';
import { PhoneCandidates } from './CandidatePopup';
import type { AheadSource } from './useCandidatePages';

/**
 * The handlers picked for the nodes ahead that let the user pick them (issue 5), among each node's
 * candidates: fields nodeUsers.{nodeId} of the surrounding form. A phone shows the 候选人 popup (spec §2).
 * Unless `required`, a node left without a pick goes to all its candidates.
 */
export function NextHandlers({
  source,
  data,
  required,
}: {
  source: AheadSource;
  data: FormValues;
  required: boolean;
}) {
  const { t } = useTranslation();
  const rules = required ? [{ required: true, message: t('approval.actions.userRequired') }] : [];
  const mobile = useSettings((state) => state.device === 'mobile');
  const settled = useSettled(data);
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
      {!required && (
        <Typography.Paragraph type="secondary">{t('approval.picker.optional')}</Typography.Paragraph>
      )}
      {mobile ? (
        <PhoneCandidates nodes={choosing} rules={rules} />
      ) : (
        choosing.map(({ name, node }) => (
          <Form.Item key={node.nodeId} name={['nodeUsers', node.nodeId]} label={name} rules={rules}>
            <CandidatePicker node={node} />
          </Form.Item>
        ))
      )}
    </Card>
  );
}
