import type { RouteValue } from '@eip/contracts';
import { ArrowLeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Skeleton, Typography, theme } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import type { FormValues, SchemaFormHandle } from '../../../components/schema-form/SchemaForm';
import { NextHandlers } from '../../../components/candidate-picker/NextHandlers';
import { FormSection } from '../approvalForm/components/FormSection';
import { approvalKeys } from '../shared/queries';
import { RoutePreview } from '../shared/RoutePreview';
import { emptyDateFields } from './todayDates';

type StartForm = RouteValue<'getFormAndBO'>;

/** A data-template record a flow starts from (instance/v1/startForm): its id, business object and template. */
export interface RecordRef {
  businessKey: string;
  boAlias: string;
  templateAlias: string;
}

/**
 * Where the start form comes from: a flow (perhaps for a leader of the user's, spec §6), a draft of one, or
 * a flow started from a record (prefilled from it, the request linked to it).
 */
export type StartTarget =
  { defId: string; leadId?: string } | { draftId: string } | (RecordRef & { defKey: string });

interface StartProps {
  target: StartTarget;
  initial: FormValues;
  /** the leader the request is started for */
  leaderName?: string;
  onBack: () => void;
}

/** The start form of a flow or a draft once loaded. */
export function StartForm({ target, initial, leaderName, onBack }: StartProps) {
  const { t } = useTranslation();
  const form = useQuery({
    queryKey: ['approval', 'startForm', target],
    queryFn: () =>
      'defKey' in target
        ? call('startForm', { query: target, silent: true })
        : call('getFormAndBO', { body: target, silent: true }),
  });
  const dateFields =
    form.data?.form && !('draftId' in target)
      ? emptyDateFields(form.data.form.schema, { ...form.data.data, ...initial })
      : [];
  const today = useQuery({
    queryKey: ['form', 'currentDate'],
    queryFn: () => call('getCurrentDate', { query: { valFormat: 'yyyy-MM-dd' }, silent: true }),
    enabled: dateFields.length > 0,
  });
  if (form.error) {
    const message = 'defKey' in target ? 'approval.start.recordFailed' : 'approval.start.notFound';
    return <Alert type="error" showIcon title={t(message)} />;
  }
  if (!form.data || (dateFields.length > 0 && today.isPending))
    return <Skeleton active paragraph={{ rows: 6 }} />;
  // without the server's date the fields stay empty for the user to fill
  const todays = today.data ? Object.fromEntries(dateFields.map((field) => [field, today.data])) : {};
  const leadId = 'leadId' in target ? target.leadId : undefined;
  return (
    <StartFormBody
      start={form.data}
      record={
        'defKey' in target
          ? { businessKey: target.businessKey, boAlias: target.boAlias, templateAlias: target.templateAlias }
          : undefined
      }
      initial={{ ...todays, ...initial }}
      leader={leadId && leaderName ? { id: leadId, name: leaderName } : undefined}
      onBack={onBack}
    />
  );
}

/** Subject, the form with the start node's permissions, next handlers, save draft and submit. */
function StartFormBody({
  start,
  record,
  initial,
  leader,
  onBack,
}: {
  start: StartForm;
  /** the record the request starts from: sent with the start and the draft */
  record?: RecordRef;
  initial: FormValues;
  leader?: { id: string; name: string };
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const subjectId = useId();
  // what lies ahead is the leader's when the request is started for them
  const ahead = { defId: start.defId, ...(leader ? { leadId: leader.id } : {}) };
  const [handlers] = Form.useForm<{ nodeUsers?: Record<string, string[]> }>();
  const [subject, setSubject] = useState(start.subject ?? '');
  const [data, setData] = useState<FormValues>(() => ({ ...start.data, ...initial }));
  const [draftId, setDraftId] = useState(start.draftId ?? undefined);
  const formRef = useRef<SchemaFormHandle>(null);
  // a draft is its author's own: none when starting for a leader
  const offers = (alias: string) =>
    start.buttons.some((button) => button.alias === alias) && !(leader && alias === 'saveDraft');

  const submit = useMutation({
    mutationFn: (nodeUsers: Record<string, string[]> | undefined) =>
      call('startInstance', {
        body: {
          defId: start.defId,
          draftId,
          subject: subject.trim() || undefined,
          data,
          nodeUsers,
          ...record,
          ...(leader ? { leadId: leader.id } : {}),
        },
      }),
    onSuccess: (started) => {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      if (leader) {
        // the request is the leader's: back to the flows to start another for them
        toast.success(t('approval.start.forLeaderStarted', { name: leader.name, subject: started.subject }));
        onBack();
        return;
      }
      toast.success(t('approval.start.started', { subject: started.subject }));
      navigate('/matter/myRequest');
    },
  });
  const save = useMutation({
    mutationFn: () =>
      call('saveStartDraft', {
        body: { defId: start.defId, draftId, subject: subject.trim() || undefined, data, ...record },
      }),
    onSuccess: (saved) => {
      setDraftId(saved.instId);
      toast.success(t('approval.start.draftSaved'));
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
  const send = async () => {
    if (formRef.current && !formRef.current.validateForm())
      return toast.error(t('approval.form.fieldInvalid'));
    const values = await handlers.validateFields();
    submit.mutate(values.nodeUsers);
  };

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {start.name}
        </Typography.Title>
        <Flex gap="small" wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            {t('approval.start.backToList')}
          </Button>
          {offers('saveDraft') && (
            <Button icon={<SaveOutlined />} loading={save.isPending} onClick={() => save.mutate()}>
              {t('approval.start.saveDraft')}
            </Button>
          )}
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={submit.isPending}
            onClick={() => void send()}
          >
            {t('approval.start.submit')}
          </Button>
        </Flex>
      </Flex>
      {draftId && <Alert type="info" showIcon title={t('approval.start.editingDraft')} />}
      <Flex vertical gap={4}>
        <label htmlFor={subjectId}>{t('approval.start.subject')}</label>
        <Input
          id={subjectId}
          value={subject}
          maxLength={500}
          placeholder={t('approval.start.subjectPlaceholder')}
          onChange={(event) => setSubject(event.target.value)}
        />
      </Flex>
      <Card title={start.form?.name ?? t('approval.form.formData')} size="small">
        <FormSection
          form={start.form}
          permissions={start.permissions}
          fallback="w"
          readonly={false}
          data={data}
          onChange={setData}
          formRef={formRef}
        />
      </Card>
      <Form form={handlers} layout="vertical">
        <NextHandlers source={ahead} data={data} required />
      </Form>
      <RoutePreview target={ahead} data={data} from={t('approval.route.submit')} />
    </Flex>
  );
}
