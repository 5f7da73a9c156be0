import { ApartmentOutlined, PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Modal, Skeleton, Typography, Watermark, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { ActingForProvider, useActingFor } from '../../../components/approval/actingFor';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { InstanceStatusTag } from '../../../components/approval/status';
import { formatTime } from '../../../components/approval/time';
import { FlowChartDialog } from '../../../components/flow-chart/FlowChartDialog';
import { OpinionTable } from '../../../components/opinion-table/OpinionTable';
import { OpinionSignatures } from '../../../components/signature/OpinionSignatures';
import { VerifySignaturesButton } from '../../../components/signature/VerifySignaturesButton';
import type { FormValues, SchemaFormHandle } from '../../../components/schema-form/SchemaForm';
import { writableData } from '../../../components/schema-form/permissions';
import { useSession } from '../../../stores/session';
import { useSettings } from '../../../stores/settings';
import { approvalKeys } from '../shared/queries';
import { RoutePreview } from '../shared/RoutePreview';
import { CollectButton } from './components/CollectButton';
import { CountersignVoters } from './components/CountersignVoters';
import { DistributeActions } from './components/DistributeActions';
import { FollowButton } from './components/FollowButton';
import { FormSection } from './components/FormSection';
import { InstanceActions } from './components/InstanceActions';
import { LockButton } from './components/LockButton';
import { OperationDialog } from './components/OperationDialog';
import { PHONE_BAR_HEIGHT, PhoneActionBar } from './components/PhoneActionBar';
import { PrintRecords, usePrint } from './components/Print';
import { ResubmittedChanges } from './components/ResubmittedChanges';
import { ShareButton } from './components/ShareButton';
import { useApproval } from './hooks';
import { KEEPS_TASK, mainActions, PRIMARY_ACTIONS, TASK_OPERATIONS, type OperationInput } from './operations';

/** Spec §9 "watermark on preview shows account and time", with the flow's own text when it has one. */
function PreviewWatermark({ instId, on, children }: { instId: string; on: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const account = useSession((state) => state.user?.account ?? t('approval.share.guest'));
  const leaderId = useActingFor();
  const [time] = useState(() => dayjs().format('YYYY-MM-DD HH:mm'));
  const flowMark = useQuery({
    queryKey: approvalKeys.watermark(instId, leaderId),
    queryFn: () => call('getWatermark', { query: { instId, leaderId }, silent: true }),
    enabled: on,
    staleTime: Infinity,
  });
  if (!on) return <>{children}</>;
  const text = flowMark.data?.enabled && flowMark.data.text ? [flowMark.data.text] : [];
  return (
    <Watermark content={[...text, account, time]} font={{ fontSize: 14, color: 'rgba(0, 0, 0, 0.08)' }}>
      {children}
    </Watermark>
  );
}

interface ViewProps {
  instId: string;
  /** A circulated request being read: opening it marks the notice read. */
  noticeId?: string;
  taskId?: string;
  leaderId?: string;
  readonly: boolean;
  type?: string;
}

/** Buttons the form handles itself rather than through an operation dialog. */
const OWN_BUTTONS = new Set([
  'startFlow',
  'saveDraft',
  'lockUnlock',
  'flowImage',
  'print',
  'approvalHistory',
]);

/** The approval form of an instance: form, buttons and their dialogs, opinions, flow chart, print. */
function ApprovalView({ instId, noticeId, taskId: givenTaskId, leaderId, readonly, type }: ViewProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const mobile = useSettings((state) => state.device === 'mobile');
  // 分享: the guest of a shared request's link reads it and nothing else (no actions, no user's own lists)
  const guest = useSession((state) => state.guestUrl !== null);
  const { summary, notFound, instance, opinions, task, taskId, buttons, userId, lostTask } = useApproval(
    instId,
    givenTaskId,
    leaderId,
    readonly || guest,
  );
  const [dialog, setDialog] = useState<{ alias: string; title: string } | null>(null);
  const [chartOpen, setChartOpen] = useState(false);
  const formRef = useRef<SchemaFormHandle>(null);

  const handling = taskId ? task.data : undefined;
  // a task draft holds only the fields the handler may write: it is laid over the stored data (the
  // query cache keeps both objects while their contents stay the same, so a refetch keeps the user's edits)
  const stored = handling ? handling.data : instance.data?.data;
  const draft = handling?.draft?.data;
  const source = useMemo(() => (draft ? { ...stored, ...draft } : stored), [stored, draft]);
  const [data, setData] = useState<FormValues>({});
  const [seen, setSeen] = useState(source);
  if (seen !== source) {
    setSeen(source);
    setData(source ?? {});
  }
  const fallback = handling?.curNodeDef.nodeType === 'START' ? 'w' : 'r';
  // only what the node lets the handler change is sent; defaults the form filled in elsewhere are not
  const submitted = handling ? writableData(data, handling.permissions, fallback) : data;

  const finish = (label: string, stay = false) => {
    toast.success(t('approval.actions.done', { action: label }));
    void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    if (!stay) navigate('/matter/myTask');
  };
  const operate = useMutation({
    mutationFn: ({ alias, input }: { alias: string; label: string; input: OperationInput }) =>
      TASK_OPERATIONS[alias]!.run(input, { taskId: taskId!, instId, data: submitted, leaderId }),
    onSuccess: (_value, { alias, label }) => {
      setDialog(null);
      finish(label, KEEPS_TASK.has(alias));
    },
  });
  const saveDraft = useMutation({
    mutationFn: (_label: string) =>
      call('saveTaskDraft', { body: { taskId: taskId!, data: submitted, agentLeaderId: leaderId } }),
    onSuccess: (_value, label) => finish(label, true),
  });

  /** Asks before an action (a confirmation before anything that cannot be undone). */
  const confirm = (action: string, content: string | undefined, run: () => unknown) =>
    void modal.confirm({
      title: t('approval.actions.confirmTitle', { action }),
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: run,
    });
  const markRead = useMutation({
    mutationFn: (id: string) => call('noticeTurnDode', { body: { ids: [id] } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
  const { mutate: markNoticeRead } = markRead;
  useEffect(() => {
    if (noticeId) markNoticeRead(noticeId);
  }, [noticeId, markNoticeRead]);
  // the handler has opened the task: its waiting opinion turns from 待阅 to 已阅
  const { mutate: markTaskRead } = useMutation({
    mutationFn: (id: string) => call('addReadRecord', { body: { taskId: id, leaderId }, silent: true }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: approvalKeys.opinions(instId, leaderId) }),
  });
  const unread = handling?.bpmTask.isRead === false;
  useEffect(() => {
    if (taskId && unread) markTaskRead(taskId);
  }, [taskId, unread, markTaskRead]);

  const { print, printing } = usePrint(instId, summary, leaderId);

  const formValid = () => !formRef.current || formRef.current.validateForm();
  const agreeButton = buttons.data?.find((button) => button.alias === 'agree');

  // Ctrl+Enter agrees after a confirmation (issue 5).
  const agreeShortcut = useRef<() => void>(() => undefined);
  useEffect(() => {
    agreeShortcut.current = () => {
      if (!agreeButton || operate.isPending || dialog) return;
      confirm(agreeButton.name, t('approval.actions.ctrlEnterConfirm'), () => {
        if (formValid()) operate.mutate({ alias: 'agree', label: agreeButton.name, input: {} });
      });
    };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        agreeShortcut.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const press = (alias: string, name: string) => {
    if (PRIMARY_ACTIONS.includes(alias) && !formValid()) return toast.error(t('approval.form.fieldInvalid'));
    if (alias === 'startFlow') {
      return confirm(name, undefined, () => operate.mutate({ alias: 'agree', label: name, input: {} }));
    }
    if (alias === 'saveDraft') return saveDraft.mutate(name);
    if (alias === 'flowImage') return setChartOpen(true);
    if (alias === 'print') return print();
    if (alias === 'approvalHistory') {
      return document.getElementById('eip-approval-history')?.scrollIntoView({ behavior: 'smooth' });
    }
    if (TASK_OPERATIONS[alias]) setDialog({ alias, title: name });
  };

  if (!instId) return <Alert type="error" showIcon title={t('approval.form.missingInstance')} />;
  if (notFound) return <Alert type="error" showIcon title={t('approval.form.notFound')} />;
  const form = handling ?? instance.data;
  if (!summary || !form) return <Skeleton active paragraph={{ rows: 8 }} />;

  const inst = summary;
  const preview = readonly || !handling;
  const shownButtons = (buttons.data ?? []).filter(
    (button) =>
      TASK_OPERATIONS[button.alias] || (OWN_BUTTONS.has(button.alias) && button.alias !== 'lockUnlock'),
  );
  const operation = dialog && TASK_OPERATIONS[dialog.alias];
  const nodeButton = (button: (typeof shownButtons)[number]) => (
    <Button
      key={button.alias}
      type={PRIMARY_ACTIONS.includes(button.alias) ? 'primary' : 'default'}
      loading={
        (operate.isPending && operate.variables?.label === button.name) ||
        (saveDraft.isPending && button.alias === 'saveDraft') ||
        (printing && button.alias === 'print')
      }
      onClick={() => press(button.alias, button.name)}
    >
      {button.name}
    </Button>
  );
  // on a phone the node's two main actions stay at hand, the rest go under 更多; the desktop shows all
  const mainAliases = mobile ? mainActions(shownButtons.map((button) => button.alias)) : [];
  const main = shownButtons.filter((button) => mainAliases.includes(button.alias)).map(nodeButton);
  const more = (
    <>
      {shownButtons.filter((button) => !mainAliases.includes(button.alias)).map(nodeButton)}
      {taskId && buttons.data?.some((button) => button.alias === 'lockUnlock') && (
        <LockButton taskId={taskId} leaderId={leaderId} />
      )}
      <InstanceActions
        instance={inst}
        opinions={opinions.data ?? []}
        userId={userId}
        taskId={taskId}
        type={type}
        canTerminate={Boolean(buttons.data?.some((button) => button.alias === 'endProcess'))}
      />
      {!leaderId && <DistributeActions instance={inst} userId={userId} taskId={taskId} type={type} />}
      <CollectButton instId={instId} />
      {!leaderId && <FollowButton instId={instId} />}
      {!leaderId && <ShareButton instId={instId} />}
      {!buttons.data?.some((button) => button.alias === 'flowImage') && (
        <Button icon={<ApartmentOutlined />} onClick={() => setChartOpen(true)}>
          {t('approval.chart.open')}
        </Button>
      )}
      {!buttons.data?.some((button) => button.alias === 'print') && (
        <Button icon={<PrinterOutlined />} loading={printing} onClick={print}>
          {t('approval.form.print')}
        </Button>
      )}
    </>
  );

  return (
    <ReadableColors>
      <Flex
        vertical
        gap="middle"
        className="eip-approval-form"
        style={mobile ? { paddingBottom: PHONE_BAR_HEIGHT } : undefined}
      >
        {modalHolder}
        <Flex justify="space-between" align="flex-start" gap="middle" wrap>
          <Flex vertical gap={4}>
            <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
              {inst.subject}
            </Typography.Title>
            <Flex gap="small" align="center" wrap>
              <InstanceStatusTag status={inst.status} />
              {inst.suspended && (
                <Typography.Text type="warning">{t('approval.form.suspended')}</Typography.Text>
              )}
              {preview && <Typography.Text type="secondary">{t('approval.form.readonly')}</Typography.Text>}
              {handling?.acting?.principalName && (
                <Typography.Text type="secondary">
                  {t(
                    `approval.form.actingFor.${handling.acting.via === 'secretary' ? 'secretary' : 'agent'}`,
                    {
                      name: handling.acting.principalName,
                    },
                  )}
                </Typography.Text>
              )}
              {agreeButton && !mobile && (
                <Typography.Text type="secondary">{t('approval.actions.ctrlEnterHint')}</Typography.Text>
              )}
            </Flex>
          </Flex>
          {!mobile && !guest && (
            <Flex gap="small" wrap role="toolbar" aria-label={t('approval.form.title')}>
              {main}
              {more}
            </Flex>
          )}
        </Flex>
        {lostTask && <Alert type="info" showIcon title={t('approval.form.notYourTask')} />}
        {handling?.draft && <Alert type="info" showIcon title={t('approval.form.draftRestored')} />}
        {handling?.resubmitted && <ResubmittedChanges resubmitted={handling.resubmitted} />}
        <PreviewWatermark instId={instId} on={preview}>
          <Flex vertical gap="middle">
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
              <Descriptions.Item label={t('approval.form.flowName')}>{inst.procDefName}</Descriptions.Item>
              <Descriptions.Item label={t('approval.form.creator')}>{inst.creator}</Descriptions.Item>
              <Descriptions.Item label={t('approval.form.createTime')}>
                {formatTime(inst.createTime)}
              </Descriptions.Item>
              {handling && (
                <Descriptions.Item label={t('approval.form.node')}>
                  {handling.curNodeDef.name}
                </Descriptions.Item>
              )}
            </Descriptions>
            <Card
              title={form.form?.name ?? t('approval.form.formData')}
              size="small"
              extra={!guest && <VerifySignaturesButton instId={instId} />}
            >
              {taskId && task.isPending ? (
                <Skeleton active />
              ) : (
                <FormSection
                  form={form.form}
                  permissions={form.permissions}
                  fallback={fallback}
                  readonly={preview}
                  data={data}
                  onChange={setData}
                  formRef={formRef}
                  instanceId={instId}
                />
              )}
            </Card>
            {!preview && taskId && (
              <RoutePreview
                target={{ taskId, leaderId }}
                data={submitted}
                from={t('approval.route.current', { name: handling.curNodeDef.name })}
              />
            )}
            {handling?.bpmTask.signBatch && taskId && (
              <CountersignVoters taskId={taskId} leaderId={leaderId} />
            )}
            <Card title={t('approval.opinions.title')} size="small" id="eip-approval-history">
              <OpinionTable
                opinions={opinions.data ?? []}
                loading={opinions.isPending}
                filesOpen={!guest}
                beside={
                  guest
                    ? undefined
                    : (row) => <OpinionSignatures instId={instId} nodeId={row.nodeId} userId={row.auditor} />
                }
              />
            </Card>
            {!leaderId && !guest && <PrintRecords instId={instId} />}
          </Flex>
        </PreviewWatermark>
        {dialog && operation && taskId && (
          <OperationDialog
            operation={operation}
            title={dialog.title}
            taskId={taskId}
            leaderId={leaderId}
            defKey={inst.procDefKey}
            endsWith={dialog.alias === 'agree' || dialog.alias === 'agreeTrans' ? submitted : undefined}
            pending={operate.isPending}
            onClose={() => setDialog(null)}
            onSubmit={(input) => operate.mutate({ alias: dialog.alias, label: dialog.title, input })}
          />
        )}
        <FlowChartDialog instId={instId} open={chartOpen} onClose={() => setChartOpen(false)} />
        {mobile && !guest && <PhoneActionBar main={main} more={more} label={t('approval.form.title')} />}
      </Flex>
    </ReadableColors>
  );
}

/**
 * `/matter/approvalForm?instId&taskId[&leaderId]` (a task, for a leader when a secretary handles it) or
 * `?instId&isReadonly=true&type=done` (read-only).
 */
export function ApprovalFormPage() {
  const [params] = useSearchParams();
  const leaderId = params.get('leaderId') ?? undefined;
  return (
    <ActingForProvider value={leaderId}>
      <ApprovalView
        key={params.toString()}
        instId={params.get('instId') ?? ''}
        noticeId={params.get('noticeId') ?? undefined}
        taskId={params.get('taskId') ?? undefined}
        leaderId={leaderId}
        readonly={params.get('isReadonly') === 'true'}
        type={params.get('type') ?? undefined}
      />
    </ActingForProvider>
  );
}

/** `/shareInst/{id}/true`: an instance shared with the user, read-only. */
export function ShareInstPage() {
  const { id = '' } = useParams();
  return <ApprovalView key={id} instId={id} readonly type="share" />;
}
