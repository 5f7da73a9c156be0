import { ContentList } from '../shared/ContentList';

/** 会议 (menu component meetingList): the meetings the user may see, by time, room and host. */
export function MeetingListPage() {
  return <ContentList kind="meeting" />;
}
