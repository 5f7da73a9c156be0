import type { OpinionFile } from '@eip/contracts';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Upload } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';
import { toast } from '../../../../app/feedback';
import { uploadAttachment } from '../../../../components/attachments/attachments';
import { AttachmentUpload } from '../../../../components/attachments/AttachmentUpload';
import { AuthImage } from '../../shared/AuthImage';

/** The cover image (a file id): upload an image, see it, remove it. */
export function CoverField({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const choose = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      toast.error(t('content.form.imageOnly'));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadAttachment(file, 'newsCover');
      setLocal(URL.createObjectURL(file));
      onChange?.(uploaded.response.fileId);
    } finally {
      setUploading(false);
    }
  };
  const preview = { width: 240, height: 135, objectFit: 'cover' as const, borderRadius: 6 };
  return (
    <Flex gap="small" align="flex-end" wrap>
      {value &&
        (local ? (
          <img src={local} alt={t('content.form.cover')} style={preview} />
        ) : (
          <AuthImage fileId={value} alt={t('content.form.cover')} style={preview} />
        ))}
      <Upload accept="image/*" showUploadList={false} customRequest={({ file }) => void choose(file as File)}>
        <Button id={id} icon={<UploadOutlined aria-hidden />} loading={uploading}>
          {t('content.form.uploadCover')}
        </Button>
      </Upload>
      {value && (
        <Button
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => {
            setLocal(null);
            onChange?.(null);
          }}
        >
          {t('content.form.removeCover')}
        </Button>
      )}
    </Flex>
  );
}

/** The attachments (ffj): those saved stay listed; each chosen file uploads at once; any can be removed. */
export function AttachmentsField(props: {
  value?: OpinionFile[];
  onChange?: (files: OpinionFile[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <AttachmentUpload
      {...props}
      purpose="newsAttachment"
      uploadLabel={t('content.form.upload')}
      failedLabel={(name) => t('content.form.uploadFailed', { name })}
    />
  );
}

/** Orgs of the audience, found by name; `known` names the ones already chosen. */
export function OrgSelect({
  value,
  onChange,
  known,
  id,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  known: { id: string; name: string }[];
  id?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const [labels, setLabels] = useState(() => new Map(known.map((org) => [org.id, org.name])));
  const orgs = useQuery({
    queryKey: ['content', 'orgs', search],
    queryFn: () =>
      call('getOrgPage', {
        body: {
          pageBean: { page: 1, pageSize: 50, showTotal: false },
          querys: search ? [{ property: 'name', value: search, operation: 'LIKE' }] : [],
        },
      }),
  });
  const found = (orgs.data?.rows ?? []).map((org) => ({ value: org.id, label: org.pathName || org.name }));
  const chosen = (value ?? [])
    .filter((orgId) => !found.some((option) => option.value === orgId))
    .map((orgId) => ({ value: orgId, label: labels.get(orgId) ?? orgId }));
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setText }}
      placeholder={t('content.form.orgsPlaceholder')}
      value={value ?? []}
      loading={orgs.isFetching}
      options={[...chosen, ...found]}
      onChange={(ids: string[], options) => {
        const next = new Map(labels);
        for (const option of [options].flat())
          if (option && 'value' in option) next.set(String(option.value), String(option.label));
        setLabels(next);
        onChange?.(ids);
      }}
    />
  );
}

/** Roles of the audience. */
export function RoleSelect({
  value,
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const roles = useQuery({
    queryKey: ['content', 'roles'],
    queryFn: () => call('getRolePage', { body: { pageBean: { page: 1, pageSize: 200, showTotal: false } } }),
    staleTime: 5 * 60_000,
  });
  return (
    <Select
      id={id}
      mode="multiple"
      placeholder={t('content.form.rolesPlaceholder')}
      value={value ?? []}
      onChange={(ids: string[]) => onChange?.(ids)}
      loading={roles.isPending}
      optionFilterProp="label"
      options={(roles.data?.rows ?? []).map((role) => ({ value: role.id, label: role.name }))}
    />
  );
}
