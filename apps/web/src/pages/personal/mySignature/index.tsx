import type { MySignature } from '@eip/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  ConfigProvider,
  Empty,
  Flex,
  Popconfirm,
  Skeleton,
  Tabs,
  theme,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callUpload } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { SignaturePadInput } from '../../../components/signature/SignaturePadInput';
import { SignImage } from '../../../components/signature/SignImage';
import { ImageUpload } from './ImageUpload';
import { SignPasswordForm } from './SignPasswordForm';

const signatureKeys = { mine: ['sign', 'mine'] as const };

/** 我的签章 (menu component mySignature): the user's handwritten signature and signing password. */
export function MySignaturePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: signatureKeys.mine, queryFn: () => call('getMySignature') });
  const [drawing, setDrawing] = useState<Blob | null>(null);
  const [padKey, setPadKey] = useState(0);
  const saved = (value: MySignature) => {
    queryClient.setQueryData(signatureKeys.mine, value);
    toast.success(t('approval.sign.saved'));
  };
  const save = useMutation({
    mutationFn: async (image: File) => {
      const { fileId } = await callUpload('uploadFile', image, { query: { purpose: 'signature' } });
      return call('saveMySignature', { body: { fileId } });
    },
    onSuccess: (value) => {
      saved(value);
      setDrawing(null);
      setPadKey((key) => key + 1);
    },
  });
  const remove = useMutation({ mutationFn: () => call('removeMySignature'), onSuccess: saved });

  if (mine.isPending) return <Skeleton active />;
  if (mine.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t('approval.sign.loadFailed')}
        action={<Button onClick={() => void mine.refetch()}>{t('approval.sign.retry')}</Button>}
      />
    );
  const current = mine.data;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('approval.sign.title')}
      </Typography.Title>
      <Card title={t('approval.sign.current')} size="small">
        {current.signatureFileId ? (
          <Flex align="center" gap={16} wrap>
            <div data-testid="my-signature">
              <SignImage fileId={current.signatureFileId} alt={t('approval.sign.current')} height={80} />
            </div>
            {/* the theme's error red is too light for text on white (WCAG AA): its active shade is not */}
            <ConfigProvider theme={{ token: { colorError: token.colorErrorActive } }}>
              <Popconfirm
                title={t('approval.sign.removeConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove.mutate()}
              >
                <Button danger loading={remove.isPending}>
                  {t('approval.sign.remove')}
                </Button>
              </Popconfirm>
            </ConfigProvider>
          </Flex>
        ) : (
          <Empty description={t('approval.sign.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
      <Card size="small">
        <Tabs
          items={[
            {
              key: 'draw',
              label: t('approval.sign.draw'),
              children: (
                <Flex vertical gap={8}>
                  <SignaturePadInput key={padKey} onChange={setDrawing} />
                  <Button
                    type="primary"
                    disabled={!drawing}
                    loading={save.isPending}
                    onClick={() =>
                      drawing && save.mutate(new File([drawing], 'signature.png', { type: 'image/png' }))
                    }
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('approval.sign.saveDrawing')}
                  </Button>
                </Flex>
              ),
            },
            {
              key: 'upload',
              label: t('approval.sign.upload'),
              children: <ImageUpload saving={save.isPending} onPick={(file) => save.mutate(file)} />,
            },
          ]}
        />
      </Card>
      <Card title={t('approval.sign.password')} size="small">
        <SignPasswordForm
          hasPassword={current.hasPassword}
          onSaved={(value) => {
            queryClient.setQueryData(signatureKeys.mine, value);
            toast.success(t('approval.sign.passwordSaved'));
          }}
        />
      </Card>
    </Flex>
  );
}
