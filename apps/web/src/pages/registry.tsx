import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyNamed } from '../app/lazy';
import { loadDateLocale } from '../app/locales';
import { loadApprovalTexts, loadContentTexts } from '../i18n';
import { ComingSoonPage } from './coming-soon';

/** A page of the approval centre: its module, the approval texts and the dates' locale load together. */
const approvalPage: typeof lazyNamed = (load, name) =>
  lazyNamed(
    () => Promise.all([load(), loadApprovalTexts(), loadDateLocale()]).then(([module]) => module),
    name,
  );

/**
 * A page of news, notices and meetings: its module, its texts, the approval texts (the user picker) and
 * the dates' locale load together.
 */
const contentPage: typeof lazyNamed = (load, name) =>
  lazyNamed(
    () =>
      Promise.all([load(), loadContentTexts(), loadApprovalTexts(), loadDateLocale()]).then(
        ([module]) => module,
      ),
    name,
  );

const HomePage = lazyNamed(() => import('./home'), 'HomePage');
const MessagePage = lazyNamed(() => import('./personal/message'), 'MessagePage');
const MyTaskPage = approvalPage(() => import('./matter/myTask'), 'MyTaskPage');
const DoneListPage = approvalPage(() => import('./matter/doneList'), 'DoneListPage');
const MyRequestPage = approvalPage(() => import('./matter/myRequest'), 'MyRequestPage');
const LeaderTaskPage = approvalPage(() => import('./matter/leaderTask'), 'LeaderTaskPage');
const MyDraftPage = approvalPage(() => import('./matter/myDraft'), 'MyDraftPage');
const CirculatedPage = approvalPage(() => import('./matter/circulated'), 'CirculatedPage');
const DelegatedPage = approvalPage(() => import('./matter/delegated'), 'DelegatedPage');
const MyCollectPage = approvalPage(() => import('./matter/myCollect'), 'MyCollectPage');
const ContactsPage = approvalPage(() => import('./personal/contacts'), 'ContactsPage');
const AgentSettingPage = approvalPage(() => import('./personal/agentSetting'), 'AgentSettingPage');
const SecretarySettingPage = approvalPage(
  () => import('./personal/secretarySetting'),
  'SecretarySettingPage',
);
const ApprovalItemPage = approvalPage(() => import('./personal/approvalItem'), 'ApprovalItemPage');
const StartProcessPage = approvalPage(() => import('./matter/startProcess'), 'StartProcessPage');
const ApprovalFormPage = approvalPage(() => import('./matter/approvalForm'), 'ApprovalFormPage');
const ShareInstPage = approvalPage(() => import('./matter/approvalForm'), 'ShareInstPage');
const NewsListPage = contentPage(() => import('./news/newsList'), 'NewsListPage');
const NoticeListPage = contentPage(() => import('./news/noticeList'), 'NoticeListPage');
const MeetingListPage = contentPage(() => import('./news/meetingList'), 'MeetingListPage');
const ContentDetailPage = contentPage(() => import('./news/detail'), 'ContentDetailPage');
const ContentEditPage = contentPage(() => import('./news/edit'), 'ContentEditPage');

/**
 * The pages this version has, by the component name the server menu uses (spec §2 "Route building"). A name
 * missing here shows the coming-soon page that names it.
 */
const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  indexLayout: HomePage,
  message: MessagePage,
  myTask: MyTaskPage,
  doneList: DoneListPage,
  myRequest: MyRequestPage,
  leaderTask: LeaderTaskPage,
  myDraft: MyDraftPage,
  circulated: CirculatedPage,
  delegated: DelegatedPage,
  myCollect: MyCollectPage,
  contacts: ContactsPage,
  agentSetting: AgentSettingPage,
  secretarySetting: SecretarySettingPage,
  approvalItem: ApprovalItemPage,
  startProcess: StartProcessPage,
  approvalForm: ApprovalFormPage,
  shareInst: ShareInstPage,
  newsList: NewsListPage,
  noticeList: NoticeListPage,
  meetingList: MeetingListPage,
  newsDetail: ContentDetailPage,
  noticeDetail: ContentDetailPage,
  meetingDetail: ContentDetailPage,
  newsEdit: ContentEditPage,
};

/** Renders the page of a component name. */
export function PageContent({ page, title }: { page: string; title: string }) {
  const Page = pages[page];
  return Page ? <Page /> : <ComingSoonPage title={title} name={page} />;
}
