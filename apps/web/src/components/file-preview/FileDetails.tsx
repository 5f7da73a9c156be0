import type { FileInfo } from '@eip/contracts';
import { readableSize } from '@eip/contracts/utils';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { toast } from '../../app/feedback';
import { fileKeys } from './keys';

interface Fields {
  fileName: string;
  description: string;
}

/** The uploader's (or an administrator's) form for a file's name and description (updateFileExtraProp). */
function EditDetails({ file, onDone }: { file: FileInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const save = useMutation({
    mutationFn: (fields: Fields) =>
      call('updateFileExtraProp', {
        body: [{ fileId: file.fileId, fileName: fields.fileName, description: fields.description ?? '' }],
      }),
    onSuccess: () => {
      toast.success(t('files.saved'));
      void queryClient.invalidateQueries({ queryKey: fileKeys.preview(file.fileId) });
      onDone();
    },
  });
  return (
    <Modal
      open
      title={t('files.editTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onDone}
      destroyOnHidden
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{ fileName: file.fileName, description: file.description ?? '' }}
        onFinish={(fields) => save.mutate(fields)}
      >
        <Form.Item
          name="fileName"
          label={t('files.name')}
          rules={[{ required: true, whitespace: true, message: t('files.nameRequired') }]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="description" label={t('files.description')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Who uploaded the file, when, how large it is and what it is about; the uploader may change the last. */
export function FileDetails({ file }: { file: FileInfo }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const facts = [
    file.creatorName && t('files.uploader', { name: file.creatorName }),
    dayjs(file.createTime).format('YYYY-MM-DD HH:mm'),
    readableSize(file.size),
  ].filter(Boolean);
  return (
    <Flex gap="small" align="center" wrap style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">{facts.join(' · ')}</Typography.Text>
      {file.description && <Typography.Text>{file.description}</Typography.Text>}
      {file.canEdit && (
        <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
          {t('files.edit')}
        </Button>
      )}
      {editing && <EditDetails file={file} onDone={() => setEditing(false)} />}
    </Flex>
  );
}
