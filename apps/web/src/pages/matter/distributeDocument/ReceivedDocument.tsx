import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { formatTime } from '../../../components/approval/time';
import { DocumentBody } from '../shared/DocumentBody';
import { approvalKeys } from '../shared/queries';
import { BackToDistributions, DistributionUnavailable } from './DishFrame';
import { SignTag } from './SignTag';

/** A distributed request as its receiver reads it (opening records the read), with 签收. */
export function ReceivedDocument({ dishId }: { dishId: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const key = [...approvalKeys.all, 'dish', dishId];
  const detail = useQuery({
    queryKey: key,
    queryFn: () => call('getDishDetailByDishId', { query: { dishId }, silent: true }),
    retry: false,
  });
  const sign = useMutation({
    mutationFn: () => call('updateQsandRead', { body: { dishId } }),
    onSuccess: () => {
      toast.success(t('approval.dish.signDone'));
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
  if (detail.isError) return <DistributionUnavailable error={detail.error} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { dish } = detail.data;
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="flex-start" gap="middle" wrap>
        <Flex vertical gap={4}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
            {dish.subject}
          </Typography.Title>
          <SignTag signTime={dish.signTime} />
        </Flex>
        <Flex gap="small" wrap>
          {!dish.signTime && (
            <Button type="primary" loading={sign.isPending} onClick={() => sign.mutate()}>
              {t('approval.dish.sign')}
            </Button>
          )}
          <BackToDistributions />
        </Flex>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('approval.dish.sender')}>{dish.senderName}</Descriptions.Item>
        <Descriptions.Item label={t('approval.dish.sentAt')}>{formatTime(dish.createTime)}</Descriptions.Item>
        {dish.signTime && (
          <Descriptions.Item label={t('approval.dish.signTime')}>
            {formatTime(dish.signTime)}
          </Descriptions.Item>
        )}
        {dish.opinion && (
          <Descriptions.Item label={t('approval.dish.opinion')}>{dish.opinion}</Descriptions.Item>
        )}
      </Descriptions>
      <DocumentBody view={detail.data} />
    </Flex>
  );
}
