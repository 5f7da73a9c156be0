import type { SignatureCheck } from '@eip/contracts';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../approval/time';
import { SignImage } from './SignImage';

export interface SignatureEntryValue {
  index: number;
  userId: string;
  name: string;
  signature: string;
  createTime: string;
}

/** Signature images with a tooltip of who signed and when (spec §2), and what the check found. */
export function SignatureEntries({
  entries,
  checkOf,
}: {
  entries: SignatureEntryValue[];
  checkOf: (entry: SignatureEntryValue) => SignatureCheck | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      {entries.map((entry) => {
        const check = checkOf(entry);
        const who = t('approval.sign.signedBy', { name: entry.name, time: formatTime(entry.createTime) });
        return (
          <Flex key={`${entry.userId}-${entry.createTime}`} vertical align="center" gap={4}>
            <Tooltip title={who}>
              <span tabIndex={0} data-testid="signature-image" aria-label={who}>
                <SignImage fileId={entry.signature} alt={who} />
              </span>
            </Tooltip>
            {check?.status === 'changed' && (
              <Tooltip title={t('approval.sign.changedFields', { fields: check.changedFields.join('、') })}>
                <Tag color="red">{t('approval.sign.changed')}</Tag>
              </Tooltip>
            )}
            {check?.status === 'invalid' && <Tag color="red">{t('approval.sign.invalid')}</Tag>}
          </Flex>
        );
      })}
    </Flex>
  );
}
