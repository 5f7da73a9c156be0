import type { Seal } from '@eip/contracts';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { toast } from '../../app/feedback';
import { useSession } from '../../stores/session';
import { SignatureEntries, type SignatureEntryValue } from './SignatureEntries';
import { runSigning, type SignStatus } from './signStatus';
import { encryptSignPasswords } from './signPassword';
import { checkOf, useSignatureChecks } from './useSignatureChecks';

/** Spec §3 signature config, from the field's `ui:options`. */
interface SignatureOptions {
  field?: string;
  isCover?: boolean;
  secretFree?: boolean;
}

/** What the form passes every widget: the request being handled (none while starting). */
export interface SignatureFormContext {
  instanceId?: string;
}

const MY_SIGNATURE = '';

const asEntries = (value: unknown): SignatureEntryValue[] =>
  Array.isArray(value) ? (value as SignatureEntryValue[]) : [];

/**
 * The signature field of a form (spec §2–§6): its images, and — where the node lets the user sign — the
 * signature button with its status, the seal choice and the signing password. One entry per user unless
 * the field is in cover mode.
 */
export function SignatureWidget({
  value,
  onChange,
  readonly,
  disabled,
  options,
  registry,
  label,
}: WidgetProps) {
  const { t } = useTranslation();
  const config = options as SignatureOptions;
  const user = useSession((state) => state.user);
  const instanceId = (registry.formContext as SignatureFormContext | undefined)?.instanceId;
  const checks = useSignatureChecks(instanceId);
  const entries = asEntries(value);
  const [status, setStatus] = useState<SignStatus>('disable');
  const [sealId, setSealId] = useState(MY_SIGNATURE);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const canSign = !readonly && !disabled;
  const seals = useQuery({
    queryKey: ['sign', 'mySeals'],
    queryFn: () => call('getSealByCurrentUserId', { silent: true }),
    enabled: canSign,
    staleTime: 60_000,
  });

  const place = async (plainPassword: string | null) => {
    const query = {
      ...(plainPassword === null
        ? { secretFree: 'true' as const }
        : { password: (await encryptSignPasswords({ password: plainPassword })).password }),
      ...(sealId ? { sealId } : {}),
    };
    const seal = await call('getElectronicSeal', { query, silent: true }).catch((error: unknown) => {
      toast.warning(error instanceof ApiError ? error.message : t('approval.sign.noSeal'));
      return null;
    });
    if (!seal || !user) return false;
    const entry: SignatureEntryValue = {
      index: entries.length + 1,
      userId: user.userId,
      name: seal.name,
      signature: seal.fileId,
      createTime: new Date().toISOString(),
    };
    const kept = config.isCover ? entries : entries.filter((e) => e.userId !== user.userId);
    onChange([...kept, entry].map((e, i) => ({ ...e, index: i + 1 })));
    return true;
  };

  const sign = (plainPassword: string | null) => void runSigning(() => place(plainPassword), setStatus);

  const begin = () => {
    if (!config.field) {
      toast.warning(t('approval.sign.noFieldPath'));
      return;
    }
    if (config.secretFree) sign(null);
    else setAsking(true);
  };

  const sealOptions = [
    { value: MY_SIGNATURE, label: t('approval.sign.mySignature') },
    ...(seals.data ?? []).map((seal: Seal) => ({ value: seal.id, label: seal.name })),
  ];
  const busy = status === 'start' || status === 'ing';
  return (
    <Flex vertical gap={8} data-testid={`signature-field-${config.field ?? ''}`}>
      {entries.length > 0 ? (
        <SignatureEntries
          entries={entries}
          checkOf={(entry) => checkOf(checks.data, config.field ?? '', entry)}
        />
      ) : (
        <Typography.Text type="secondary">{t('approval.sign.unsigned')}</Typography.Text>
      )}
      {canSign && (
        <Flex gap={8} wrap align="center">
          {sealOptions.length > 1 && (
            <Select
              aria-label={t('approval.sign.sealChoice')}
              value={sealId}
              onChange={setSealId}
              options={sealOptions}
              style={{ minWidth: 160 }}
            />
          )}
          <Button
            type="primary"
            ghost
            loading={busy}
            onClick={begin}
            aria-label={`${t(`approval.sign.status.${status}`)} ${label}`}
          >
            {t(`approval.sign.status.${status}`)}
          </Button>
        </Flex>
      )}
      <Modal
        open={asking}
        title={t('approval.sign.enterPassword')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !password }}
        onOk={() => {
          setAsking(false);
          sign(password);
          setPassword('');
        }}
        onCancel={() => {
          setAsking(false);
          setPassword('');
        }}
        destroyOnHidden
      >
        <Input.Password
          autoFocus
          aria-label={t('approval.sign.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Modal>
    </Flex>
  );
}
