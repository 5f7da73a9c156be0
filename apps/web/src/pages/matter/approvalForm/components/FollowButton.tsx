import { isUserTaskType } from '@eip/contracts/flow';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';
import { toast } from '../../../../app/feedback';
import { approvalKeys } from '../../shared/queries';

/**
 * 关注 / 取消关注 of a request (taskFollow): following it follows every approval node of its flow, so the user
 * hears when any of its tasks is handled; the button shows whether the user follows it now.
 */
export function FollowButton({ instId }: { instId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const followed = useQuery({
    queryKey: approvalKeys.followedNodes(instId),
    queryFn: () => call('getFollowedNode', { query: { instId }, silent: true }),
  });
  const following = Boolean(followed.data?.length);
  const toggle = useMutation({
    mutationFn: async () => {
      if (following) return call('saveTaskFollow', { body: { instId, nodeIds: [] } });
      const image = await queryClient.fetchQuery({
        queryKey: approvalKeys.flowImage(instId, undefined, undefined),
        queryFn: () => call('instanceFlowImage', { query: { instId } }),
      });
      const nodeIds = image.bpmDefLayout.listLayout
        .filter((node) => isUserTaskType(node.nodeType))
        .map((node) => node.nodeId);
      return nodeIds.length ? call('saveTaskFollow', { body: { instId, nodeIds } }) : null;
    },
    onSuccess: (nodes) => {
      if (!nodes) return toast.warning(t('approval.follow.noNodes'));
      queryClient.setQueryData(approvalKeys.followedNodes(instId), nodes);
      toast.success(nodes.length ? t('approval.follow.followed') : t('approval.follow.unfollowed'));
    },
  });
  if (!followed.isSuccess) return null;
  return (
    <Button
      icon={following ? <EyeInvisibleOutlined /> : <EyeOutlined />}
      aria-pressed={following}
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
    >
      {following ? t('approval.follow.unfollow') : t('approval.follow.follow')}
    </Button>
  );
}
