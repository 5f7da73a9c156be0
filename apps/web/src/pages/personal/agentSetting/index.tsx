import type { RouteValue } from '@eip/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, DatePicker, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { formatTime } from '../../../components/approval/time';
import { UserPicker } from '../../../components/user-picker/UserPicker';
import { useDefinitions } from '../../matter/shared/queries';
import { SettingsPage } from '../shared/SettingsPage';

type Agent = RouteValue<'listAgents'>['rows'][number];

interface AgentForm {
  agentId: string;
  period: [Dayjs, Dayjs];
  scope: 'all' | 'flows';
  flowKeys?: string[];
  enabled: boolean;
  memo?: string;
}

const agentKeys = ['approval', 'agents'] as const;

function AgentDialog({ editing, onClose }: { editing: Agent | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AgentForm>();
  const definitions = useDefinitions();
  const scope = Form.useWatch('scope', form);
  const save = useMutation({
    mutationFn: (values: AgentForm) =>
      call('saveAgent', {
        body: {
          id: editing === 'new' ? undefined : editing.id,
          agentId: values.agentId,
          startTime: values.period[0].toISOString(),
          endTime: values.period[1].toISOString(),
          scope: values.scope,
          flowKeys: values.scope === 'flows' ? values.flowKeys : [],
          enabled: values.enabled,
          memo: values.memo?.trim() || undefined,
        },
      }),
    onSuccess: () => {
      toast.success(t('approval.settings.saved'));
      void queryClient.invalidateQueries({ queryKey: agentKeys });
      onClose();
    },
  });
  const initial: Partial<AgentForm> =
    editing === 'new'
      ? { scope: 'all', enabled: true, period: [dayjs().startOf('day'), dayjs().add(7, 'day').endOf('day')] }
      : {
          agentId: editing.agentId,
          period: [dayjs(editing.startTime), dayjs(editing.endTime)],
          scope: editing.scope,
          flowKeys: editing.flowKeys,
          enabled: editing.enabled,
          memo: editing.memo ?? undefined,
        };
  const required = (message: string) => [{ required: true, message }];
  return (
    <Modal
      open
      title={editing === 'new' ? t('approval.agents.add') : t('approval.agents.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AgentForm>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="agentId"
          label={t('approval.agents.agent')}
          rules={required(t('approval.actions.userRequired'))}
        >
          <UserPicker />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('approval.agents.period')}
          rules={required(t('approval.agents.periodRequired'))}
        >
          <DatePicker.RangePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="scope" label={t('approval.agents.scope')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('approval.agents.allFlows') },
              { value: 'flows', label: t('approval.agents.someFlows') },
            ]}
          />
        </Form.Item>
        {scope === 'flows' && (
          <Form.Item
            name="flowKeys"
            label={t('approval.agents.flows')}
            rules={required(t('approval.agents.flowsRequired'))}
          >
            <Select
              mode="multiple"
              loading={definitions.isPending}
              options={(definitions.data?.rows ?? []).map((def) => ({ value: def.defKey, label: def.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="enabled" label={t('approval.agents.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="memo" label={t('approval.agents.memo')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 代理设置 (menu component agentSetting): who handles the user's tasks while away, for which flows. */
export function AgentSettingPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Agent | 'new' | null>(null);
  const definitions = useDefinitions();
  const agents = useQuery({
    queryKey: agentKeys,
    queryFn: () =>
      call('listAgents', { query: { isMgr: 'false' }, body: { pageBean: { page: 1, pageSize: 200 } } }),
  });
  const flowName = (key: string) => definitions.data?.rows.find((def) => def.defKey === key)?.name ?? key;
  return (
    <SettingsPage<Agent>
      title={t('approval.agents.title')}
      addLabel={t('approval.agents.add')}
      rows={agents.data?.rows ?? []}
      loading={agents.isPending}
      error={agents.error}
      queryKey={agentKeys}
      describe={(agent) => agent.agentName}
      remove={(id) => call('removeAgents', { query: { ids: id } })}
      onAdd={() => setEditing('new')}
      onEdit={setEditing}
      columns={[
        { key: 'agent', dataIndex: 'agentName', title: t('approval.agents.agent') },
        {
          key: 'period',
          title: t('approval.agents.period'),
          render: (_, agent) => `${formatTime(agent.startTime)} ~ ${formatTime(agent.endTime)}`,
        },
        {
          key: 'scope',
          title: t('approval.agents.scope'),
          responsive: ['md'],
          render: (_, agent) =>
            agent.scope === 'all' ? t('approval.agents.allFlows') : agent.flowKeys.map(flowName).join('、'),
        },
        {
          key: 'enabled',
          title: t('approval.agents.enabled'),
          render: (_, agent) => (
            <Badge
              status={agent.enabled ? 'success' : 'default'}
              text={agent.enabled ? t('approval.agents.on') : t('approval.agents.off')}
            />
          ),
        },
      ]}
      dialog={
        editing && (
          <AgentDialog
            key={editing === 'new' ? 'new' : editing.id}
            editing={editing}
            onClose={() => setEditing(null)}
          />
        )
      }
    />
  );
}
