import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useCandidatePages } from './useCandidatePages';

export type CandidatePages = ReturnType<typeof useCandidatePages>;

/** The foot of a candidate list: the next 50 on demand, 没有更多了 at the end (spec §8), or a failed load. */
export function MoreCandidates({ pages }: { pages: CandidatePages }) {
  const { t } = useTranslation();
  if (pages.failed)
    return (
      <Alert
        type="error"
        showIcon
        title={t('approval.picker.loadFailed')}
        action={
          <Button size="small" onClick={pages.retry}>
            {t('app.reload')}
          </Button>
        }
      />
    );
  if (pages.hasMore)
    return (
      <Button block type="link" loading={pages.fetching} onClick={pages.loadMore}>
        {t('approval.picker.loadMore', { shown: pages.candidates.length, total: pages.total })}
      </Button>
    );
  if (!pages.candidates.length) return null;
  return (
    <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center' }}>
      {t('approval.picker.noMore')}
    </Typography.Text>
  );
}
