import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Select, Skeleton, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { directoryKeys, type Org } from './people';

interface Node extends TreeDataNode {
  key: string;
  org: Org;
  children?: Node[];
}

const toNode = (org: Org): Node => ({ key: org.id, title: org.name, isLeaf: !org.isParent, org });

/** Puts the loaded children under their parent in the tree. */
function withChildren(nodes: Node[], parentId: string, children: Node[]): Node[] {
  return nodes.map((node) =>
    node.key === parentId
      ? { ...node, children }
      : node.children
        ? { ...node, children: withChildren(node.children, parentId, children) }
        : node,
  );
}

/**
 * The org tree of a dimension (getDemListAll, getByParentAndDem): roots first, each level loaded when it
 * opens. Arrow keys move and open, Enter chooses.
 */
export function OrgTree({ selected, onSelect }: { selected: Org | null; onSelect: (org: Org) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dimensions = useQuery({
    queryKey: directoryKeys.dimensions,
    queryFn: () => call('getDemListAll', { body: {} }),
  });
  const [chosenDem, setChosenDem] = useState<string | null>(null);
  const demId =
    chosenDem ?? dimensions.data?.find((d) => d.isDefault)?.id ?? dimensions.data?.[0]?.id ?? null;
  const fetchChildren = (parentId: string | null) =>
    call('getOrgsByParentAndDem', { body: { demId: demId!, ...(parentId ? { parentId } : {}) } });
  const roots = useQuery({
    queryKey: directoryKeys.children(demId ?? '', null),
    queryFn: () => fetchChildren(null),
    enabled: demId !== null,
  });
  // the tree as loaded so far; reset when the roots change (another dimension)
  const [tree, setTree] = useState<{ rootsOf: unknown; nodes: Node[] }>({ rootsOf: null, nodes: [] });
  const nodes = tree.rootsOf === roots.data ? tree.nodes : (roots.data ?? []).map(toNode);
  const [expanded, setExpanded] = useState<string[]>([]);

  if (dimensions.error || roots.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('directory.treeFailed')}
        description={(dimensions.error ?? roots.error)?.message}
        action={
          <Button
            size="small"
            onClick={() => void (dimensions.error ? dimensions.refetch() : roots.refetch())}
          >
            {t('directory.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical gap="small">
      {(dimensions.data?.length ?? 0) > 1 && (
        <Select
          aria-label={t('directory.dimension')}
          value={demId}
          onChange={(value) => {
            setChosenDem(value);
            setExpanded([]);
          }}
          options={dimensions.data?.map((d) => ({ value: d.id, label: d.name }))}
        />
      )}
      {roots.isPending || dimensions.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : nodes.length === 0 ? (
        <Empty description={t('directory.treeEmpty')} />
      ) : (
        <Tree<Node>
          aria-label={t('directory.orgTree')}
          blockNode
          treeData={nodes}
          selectedKeys={selected ? [selected.id] : []}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          loadData={async (node) => {
            if (node.children) return;
            const loaded = await queryClient.fetchQuery({
              queryKey: directoryKeys.children(demId!, node.key),
              queryFn: () => fetchChildren(node.key),
              staleTime: 60_000,
            });
            const children = loaded.map(toNode);
            setTree((before) => ({
              rootsOf: roots.data,
              nodes: withChildren(
                before.rootsOf === roots.data ? before.nodes : (roots.data ?? []).map(toNode),
                node.key,
                children,
              ),
            }));
          }}
          onSelect={(_keys, { node }) => onSelect(node.org)}
        />
      )}
    </Flex>
  );
}
