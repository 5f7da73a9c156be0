import type { RouteValue } from '@eip/contracts';
import { Card, Descriptions, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InstanceStatusTag } from '../../../components/approval/status';
import { formatTime } from '../../../components/approval/time';
import { OpinionTable } from '../../../components/opinion-table/OpinionTable';
import { FormSection } from '../approvalForm/components/FormSection';

/** A request read as a document (a distributed one, a filed one): what both answers carry. */
export type DocumentView = Pick<
  RouteValue<'getDishDetailByDishId'>,
  'instance' | 'form' | 'permissions' | 'data' | 'opinions'
>;

const ignore = () => undefined;

/** The request of a document, read-only: its facts, its form with the data its reader may see, its opinions. */
export function DocumentBody({ view, extra }: { view: DocumentView; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { instance } = view;
  return (
    <Flex vertical gap="middle">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('approval.form.flowName')}>{instance.procDefName}</Descriptions.Item>
        <Descriptions.Item label={t('approval.form.creator')}>{instance.creator}</Descriptions.Item>
        <Descriptions.Item label={t('approval.form.createTime')}>
          {formatTime(instance.createTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('approval.list.status')}>
          <InstanceStatusTag status={instance.status} />
        </Descriptions.Item>
        {extra}
      </Descriptions>
      <Card title={view.form?.name ?? t('approval.dish.formData')} size="small">
        <FormSection
          form={view.form}
          permissions={view.permissions}
          fallback="r"
          readonly
          data={view.data}
          onChange={ignore}
          formRef={null}
        />
      </Card>
      <Card title={t('approval.opinions.title')} size="small">
        <OpinionTable opinions={view.opinions} />
      </Card>
    </Flex>
  );
}
