import { UploadOutlined } from '@ant-design/icons';
import { Button, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback';

/** The largest signature or seal image (the server's limit too). */
export const SIGN_IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg';

/** Picks a PNG or JPEG up to the limit; the server checks the type again from the bytes. */
export function ImageUpload({ saving, onPick }: { saving: boolean; onPick: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          if (!ACCEPT.split(',').includes(file.type)) toast.error(t('approval.sign.badType'));
          else if (file.size > SIGN_IMAGE_LIMIT_BYTES) toast.error(t('approval.sign.tooLarge'));
          else onPick(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={saving}>
          {t('approval.sign.pickImage')}
        </Button>
      </Upload>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('approval.sign.uploadHint')}
      </Typography.Paragraph>
    </>
  );
}
