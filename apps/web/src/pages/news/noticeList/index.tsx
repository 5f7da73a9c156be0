import { ContentList } from '../shared/ContentList';

/** 通知公告 (menu component noticeList): notices, the unread and must-read ones marked. */
export function NoticeListPage() {
  return <ContentList kind="notice" />;
}
