import { MOBILE_CANDIDATES_SHOWN } from '@eip/contracts';
import {
  Button,
  Checkbox,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  Skeleton,
  Spin,
  Tabs,
  Tag,
  type FormItemProps,
} from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreCandidates } from './MoreCandidates';
import { useCandidatePages, type PickedNode } from './useCandidatePages';

type Candidate = { id: string; fullname: string };
type Toggle = (candidate: Candidate, checked: boolean) => void;

/** A node ahead whose handlers are picked: its name, and where its candidates come from. */
export interface NodeChoice {
  name: string;
  node: PickedNode;
}

/** A node's first 3 candidates to tap (spec §9), the others picked, and the tap that shows them all. */
function CandidateChips({
  node,
  value = [],
  names,
  onToggle,
  onShowAll,
}: {
  node: PickedNode;
  /** from the form item */
  value?: string[];
  names: ReadonlyMap<string, string>;
  onToggle: Toggle;
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  const pages = useCandidatePages(node, '');
  const first = pages.candidates.slice(0, MOBILE_CANDIDATES_SHOWN);
  const others = value.filter((id) => !first.some((c) => c.id === id));
  return (
    <Flex wrap gap={4} align="center">
      {pages.pending && <Spin size="small" />}
      {first.map((c) => (
        <Tag.CheckableTag key={c.id} checked={value.includes(c.id)} onChange={(on) => onToggle(c, on)}>
          {c.fullname}
        </Tag.CheckableTag>
      ))}
      {others.map((id) => (
        <Tag key={id} color="processing" closable onClose={() => onToggle({ id, fullname: '' }, false)}>
          {names.get(id) ?? id}
        </Tag>
      ))}
      {pages.total > MOBILE_CANDIDATES_SHOWN && (
        <Button size="small" type="link" onClick={onShowAll}>
          {t('approval.chart.moreCandidates', { count: pages.total })}
        </Button>
      )}
      {pages.failed && <MoreCandidates pages={pages} />}
    </Flex>
  );
}

/** One tab of the popup: a node's candidates, searched, 50 at a time, each ticked when picked. */
function CandidateList({ node, value, onToggle }: { node: PickedNode; value: string[]; onToggle: Toggle }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const pages = useCandidatePages(node, useDeferredValue(text));
  return (
    <Flex vertical gap="small">
      <Input.Search
        allowClear
        placeholder={t('approval.picker.placeholder')}
        aria-label={t('approval.picker.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {pages.pending ? (
        <Skeleton active />
      ) : (
        !pages.candidates.length &&
        !pages.failed && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approval.picker.empty')} />
        )
      )}
      <Flex vertical gap="small">
        {pages.candidates.map((c) => (
          <Checkbox
            key={c.id}
            checked={value.includes(c.id)}
            onChange={(event) => onToggle(c, event.target.checked)}
          >
            {c.fullname}
          </Checkbox>
        ))}
      </Flex>
      <MoreCandidates pages={pages} />
    </Flex>
  );
}

/**
 * The phone's next-handler choice: per node its first 3 candidates to tap and a tap for all, which opens
 * the 候选人 popup (spec §2) with a tab per node listing its candidates page by page. The picks are the
 * form's fields nodeUsers.{nodeId}.
 */
export function PhoneCandidates({ nodes, rules }: { nodes: NodeChoice[]; rules: FormItemProps['rules'] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const chosen = (Form.useWatch('nodeUsers', form) ?? {}) as Record<string, string[] | undefined>;
  // names of the candidates picked, for the tags of those beyond the first 3
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [tab, setTab] = useState<string>();
  const toggle =
    (nodeId: string): Toggle =>
    (candidate, checked) => {
      const picked: string[] = form.getFieldValue(['nodeUsers', nodeId]) ?? [];
      const next = checked ? [...picked, candidate.id] : picked.filter((id) => id !== candidate.id);
      if (checked) setNames((known) => new Map(known).set(candidate.id, candidate.fullname));
      form.setFields([{ name: ['nodeUsers', nodeId], value: next, errors: [] }]);
    };
  return (
    <>
      {nodes.map(({ name, node }) => (
        <Form.Item key={node.nodeId} name={['nodeUsers', node.nodeId]} label={name} rules={rules}>
          <CandidateChips
            node={node}
            names={names}
            onToggle={toggle(node.nodeId)}
            onShowAll={() => setTab(node.nodeId)}
          />
        </Form.Item>
      ))}
      <Drawer
        placement="bottom"
        size="80%"
        title={t('approval.chart.candidates')}
        open={tab !== undefined}
        onClose={() => setTab(undefined)}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={nodes.map(({ name, node }) => ({
            key: node.nodeId,
            label: name,
            children: (
              <CandidateList node={node} value={chosen[node.nodeId] ?? []} onToggle={toggle(node.nodeId)} />
            ),
          }))}
        />
      </Drawer>
    </>
  );
}
