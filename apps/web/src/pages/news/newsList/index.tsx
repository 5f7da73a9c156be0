import { ContentList } from '../shared/ContentList';

/** 新闻 (menu component newsList): the company's news, with covers. */
export function NewsListPage() {
  return <ContentList kind="news" />;
}
