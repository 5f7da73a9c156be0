import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../api/client';
import { PageLoading } from '../../../app/status';
import { CustomDialog } from '../../../components/custom-dialog/CustomDialog';
import { useDictionaries } from '../../template/shared/data';
import { useMenuMeta } from '../shared/menu';
import { ParamForm, type ParamValues } from '../shared/ParamForm';
import { ViewTable } from './ViewTable';

/** The dialog that picks one record of the query's business object, and the template that opens it. */
const PICKERS: Record<string, { dialog: string; template: string }> = {
  contract: { dialog: 'contractDialog', template: 'contract' },
};

/**
 * A custom query's views (menu component QuerySqlLayout, its route extension naming sqlAlias; querySqlPreview
 * with the sqlAlias in the address): the parameter form, then one tab per view with its rows and export.
 */
export function QuerySqlPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromMenu = useMenuMeta('sqlAlias');
  const sqlAlias = useParams().sqlAlias ?? fromMenu;
  const [params, setParams] = useState<ParamValues>({});
  const [picking, setPicking] = useState(false);
  const query = useQuery({
    queryKey: ['customQuery', sqlAlias],
    queryFn: () => call('queryViewGetJson', { query: { id: sqlAlias! } }),
    enabled: Boolean(sqlAlias),
  });
  const dicts = useDictionaries(query.data);
  if (query.isPending && sqlAlias) return <PageLoading />;
  if (!sqlAlias || query.isError || !query.data) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ margin: 16 }}
        message={sqlAlias ? t('template.query.failed') : t('template.query.noQuery')}
        action={sqlAlias && <Button onClick={() => void query.refetch()}>{t('template.query.retry')}</Button>}
      />
    );
  }
  const def = query.data;
  const picker = PICKERS[def.boAlias];
  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {def.name}
        </Typography.Title>
        {picker && (
          <Space>
            <Button onClick={() => setPicking(true)}>{t('template.query.pickContract')}</Button>
          </Space>
        )}
      </Flex>
      <ParamForm params={def.params} onSearch={setParams} />
      <Tabs
        items={def.views.map((view) => ({
          key: view.alias,
          label: view.name,
          children: <ViewTable query={def} view={view} params={params} dicts={dicts} />,
        }))}
      />
      {picking && picker && (
        <CustomDialog
          alias={picker.dialog}
          onClose={() => setPicking(false)}
          onPick={(picked) => navigate(`/templateForm/${picker.template}/get/${picked.value}`)}
        />
      )}
    </Flex>
  );
}
