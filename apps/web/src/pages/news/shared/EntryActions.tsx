import type { ContentRow } from '@eip/contracts';
import { DeleteOutlined, EditOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { editPath } from './kinds';
import type { useContentActions } from './useContentActions';

/** Edit, publish or withdraw, and delete: the buttons of an entry for editors. */
export function EntryActions({
  entry,
  actions,
  size = 'small',
}: {
  entry: Pick<ContentRow, 'id' | 'title' | 'kind' | 'status'>;
  actions: ReturnType<typeof useContentActions>;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex gap="small" wrap>
      <Button
        size={size}
        icon={<EditOutlined aria-hidden />}
        onClick={() => navigate(editPath(entry.kind, entry.id))}
      >
        {t('content.edit')}
      </Button>
      {entry.status === 'published' ? (
        <Button size={size} icon={<RollbackOutlined aria-hidden />} onClick={() => actions.withdraw(entry)}>
          {t('content.withdraw')}
        </Button>
      ) : (
        <Button
          size={size}
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={actions.pending}
          onClick={() => void actions.publish(entry)}
        >
          {t('content.publish')}
        </Button>
      )}
      <Button size={size} danger icon={<DeleteOutlined aria-hidden />} onClick={() => actions.remove(entry)}>
        {t('content.remove')}
      </Button>
    </Flex>
  );
}
