import type { RouteValue } from '@eip/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { useSettled } from '../../../app/useSettled';
import type { AheadSource } from '../../../components/candidate-picker/useCandidatePages';
import type { FormValues } from '../../../components/schema-form/SchemaForm';
import { approvalKeys } from './queries';

type RouteNode = RouteValue<'routePreview'>['steps'][number][number];

const COUNTERSIGN_TYPES = new Set(['SIGNTASK', 'CUSTOMSIGNTASK']);

/** One node of a step: its name and kind, then who would handle it, with their agents and secretaries. */
function NodeLine({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const names = (people: readonly { fullname: string }[]) =>
    people.map((person) => person.fullname).join(t('approval.route.separator'));
  const more = node.candidateCount - node.candidates.length;
  return (
    <Flex vertical gap={2}>
      <Flex gap="small" wrap align="center">
        <Typography.Text strong>{node.name}</Typography.Text>
        {COUNTERSIGN_TYPES.has(node.nodeType) && <Tag color="purple">{t('approval.route.countersign')}</Tag>}
        {node.selectUsers && <Tag>{t('approval.route.picked')}</Tag>}
      </Flex>
      <Typography.Text type="secondary">
        {names(node.candidates)}
        {more > 0 && ` ${t('approval.route.more', { count: more })}`}
      </Typography.Text>
      {node.candidates
        .filter((person) => person.agents.length > 0 || person.secretaries.length > 0)
        .map((person) => (
          <Typography.Text type="secondary" key={person.id} style={{ fontSize: 12 }}>
            {t('approval.route.helpers', {
              name: person.fullname,
              helpers: [
                person.agents.length > 0 && t('approval.route.agents', { names: names(person.agents) }),
                person.secretaries.length > 0 &&
                  t('approval.route.secretaries', { names: names(person.secretaries) }),
              ]
                .filter(Boolean)
                .join(t('approval.route.separator')),
            })}
          </Typography.Text>
        ))}
    </Flex>
  );
}

/**
 * Route preview (issue 17): who will handle each step from here to the end, the engine's own answer for
 * the form as filled in now (conditions, candidates, agents, secretaries). It follows the form's changes.
 */
export function RoutePreview({
  target,
  data,
  from,
}: {
  target: AheadSource;
  data: FormValues;
  from: string;
}) {
  const { t } = useTranslation();
  const settled = useSettled(data);
  const route = useQuery({
    queryKey: approvalKeys.routePreview(target, settled),
    queryFn: () => call('routePreview', { body: { ...target, data: settled }, silent: true }),
    placeholderData: keepPreviousData,
  });
  let body;
  if (route.isError) body = <Alert type="warning" showIcon title={t('approval.route.failed')} />;
  else if (!route.data) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else
    body = (
      <Timeline
        items={[
          { color: 'green', content: <Typography.Text strong>{from}</Typography.Text> },
          ...route.data.steps.map((step) => ({
            key: step.map((node) => node.nodeId).join(','),
            color: 'blue',
            content: (
              <Flex vertical gap="small">
                {step.length > 1 && (
                  <Tag style={{ width: 'fit-content' }}>{t('approval.route.parallel')}</Tag>
                )}
                {step.map((node) => (
                  <NodeLine key={node.nodeId} node={node} />
                ))}
              </Flex>
            ),
          })),
          route.data.reachesEnd
            ? { color: 'gray', content: t('approval.route.end') }
            : {
                color: 'gray',
                content: <Typography.Text type="secondary">{t('approval.route.unknown')}</Typography.Text>,
              },
        ]}
      />
    );
  return (
    <Card
      size="small"
      title={t('approval.route.title')}
      aria-busy={route.isFetching}
      data-testid="route-preview"
    >
      <Typography.Paragraph type="secondary">{t('approval.route.hint')}</Typography.Paragraph>
      {body}
    </Card>
  );
}
