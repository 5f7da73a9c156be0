import { lazyNamed, type LazyPage } from '../app/lazy';
import { loadDateLocale } from '../app/locales';
import {
  loadApprovalTexts,
  loadContentTexts,
  loadDirectoryTexts,
  loadMailTexts,
  loadPortalTexts,
  loadTemplateTexts,
} from '../i18n';
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

/** A page of the portal home or an app: its module, the portal texts and the dates' locale load together. */
const portalPage: typeof lazyNamed = (load, name) =>
  lazyNamed(
    () => Promise.all([load(), loadPortalTexts(), loadDateLocale()]).then(([module]) => module),
    name,
  );

/**
 * A mail page: its module, the mail texts, the approval texts (the settings table) and the content texts (the
 * rich-text editor), and the dates' locale load together.
 */
const mailPage: typeof lazyNamed = (load, name) =>
  lazyNamed(
    () =>
      Promise.all([load(), loadMailTexts(), loadApprovalTexts(), loadContentTexts(), loadDateLocale()]).then(
        ([module]) => module,
      ),
    name,
  );

const HomePage = portalPage(() => import('./home'), 'HomePage');
const ColumnPreviewPage = portalPage(() => import('./columnPreview'), 'ColumnPreviewPage');
const AppContentPage = portalPage(() => import('./appContent'), 'AppContentPage');
const AuditLogPage = portalPage(() => import('./audit'), 'AuditLogPage');
const DirectoryPage = lazyNamed(
  () => Promise.all([import('./directory'), loadDirectoryTexts()]).then(([module]) => module),
  'DirectoryPage',
);
/** A page of data templates: its module, its texts and the dates' locale load together. */
const templatePage: typeof lazyNamed = (load, name) =>
  lazyNamed(
    () => Promise.all([load(), loadTemplateTexts(), loadDateLocale()]).then(([module]) => module),
    name,
  );
const TemplateListPage = templatePage(() => import('./template/list'), 'TemplateListPage');
const TemplateFormPage = templatePage(() => import('./template/form'), 'TemplateFormPage');
const TemplateDraftListPage = templatePage(() => import('./template/drafts'), 'TemplateDraftListPage');
const FormPreviewPage = templatePage(() => import('./template/preview'), 'FormPreviewPage');
const QuerySqlPage = templatePage(() => import('./query/view'), 'QuerySqlPage');
const CustomChartPage = templatePage(() => import('./query/chart'), 'CustomChartPage');
const CustomQueryManagePage = templatePage(() => import('./query/manage'), 'CustomQueryManagePage');
const MessagePage = approvalPage(() => import('./personal/message'), 'MessagePage');
const MyTaskPage = approvalPage(() => import('./matter/myTask'), 'MyTaskPage');
const DoneListPage = approvalPage(() => import('./matter/doneList'), 'DoneListPage');
const MyRequestPage = approvalPage(() => import('./matter/myRequest'), 'MyRequestPage');
const LeaderTaskPage = approvalPage(() => import('./matter/leaderTask'), 'LeaderTaskPage');
const MyDraftPage = approvalPage(() => import('./matter/myDraft'), 'MyDraftPage');
const CirculatedPage = approvalPage(() => import('./matter/circulated'), 'CirculatedPage');
const DelegatedPage = approvalPage(() => import('./matter/delegated'), 'DelegatedPage');
const MyCollectPage = approvalPage(() => import('./matter/myCollect'), 'MyCollectPage');
const DistributeDocumentPage = approvalPage(
  () => import('./matter/distributeDocument'),
  'DistributeDocumentPage',
);
const DocumentLibraryFormPage = approvalPage(
  () => import('./matter/documentLibraryForm'),
  'DocumentLibraryFormPage',
);
const ContactsPage = approvalPage(() => import('./personal/contacts'), 'ContactsPage');
const AgentSettingPage = approvalPage(() => import('./personal/agentSetting'), 'AgentSettingPage');
const SecretarySettingPage = approvalPage(
  () => import('./personal/secretarySetting'),
  'SecretarySettingPage',
);
const ApprovalItemPage = approvalPage(() => import('./personal/approvalItem'), 'ApprovalItemPage');
const MySignaturePage = approvalPage(() => import('./personal/mySignature'), 'MySignaturePage');
const SealManagePage = approvalPage(() => import('./personal/sealManage'), 'SealManagePage');
const TaskListColumnsPage = approvalPage(() => import('./personal/taskListColumns'), 'TaskListColumnsPage');
const StartProcessPage = approvalPage(() => import('./matter/startProcess'), 'StartProcessPage');
const ApprovalFormPage = approvalPage(() => import('./matter/approvalForm'), 'ApprovalFormPage');
const ShareInstPage = approvalPage(() => import('./matter/approvalForm'), 'ShareInstPage');
const MailListPage = mailPage(() => import('./mail/list'), 'MailListPage');
const MailSettingPage = mailPage(() => import('./mail/setting'), 'MailSettingPage');
const MailLinkmanPage = mailPage(() => import('./mail/linkman'), 'MailLinkmanPage');
const NewsListPage = contentPage(() => import('./news/newsList'), 'NewsListPage');
const NoticeListPage = contentPage(() => import('./news/noticeList'), 'NoticeListPage');
const MeetingListPage = contentPage(() => import('./news/meetingList'), 'MeetingListPage');
const ContentDetailPage = contentPage(() => import('./news/detail'), 'ContentDetailPage');
const ContentEditPage = contentPage(() => import('./news/edit'), 'ContentEditPage');

/**
 * The pages this version has, by the component name the server menu uses (spec §2 "Route building"). A name
 * missing here shows the coming-soon page that names it.
 */
const pages: Record<string, LazyPage<object>> = {
  indexLayout: HomePage,
  columnPreview: ColumnPreviewPage,
  appContent: AppContentPage,
  sysModulePreview: AppContentPage,
  message: MessagePage,
  mailList: MailListPage,
  mailSetting: MailSettingPage,
  mailLinkman: MailLinkmanPage,
  myTask: MyTaskPage,
  doneList: DoneListPage,
  myRequest: MyRequestPage,
  leaderTask: LeaderTaskPage,
  myDraft: MyDraftPage,
  circulated: CirculatedPage,
  delegated: DelegatedPage,
  myCollect: MyCollectPage,
  distributeDocument: DistributeDocumentPage,
  documentLibraryForm: DocumentLibraryFormPage,
  contacts: ContactsPage,
  agentSetting: AgentSettingPage,
  secretarySetting: SecretarySettingPage,
  approvalItem: ApprovalItemPage,
  mySignature: MySignaturePage,
  sealManage: SealManagePage,
  taskListColumns: TaskListColumnsPage,
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
  orgManage: DirectoryPage,
  TemplateLayout: TemplateListPage,
  templatePreview: TemplateListPage,
  templateForm: TemplateFormPage,
  templateDraftList: TemplateDraftListPage,
  formPreview: FormPreviewPage,
  QuerySqlLayout: QuerySqlPage,
  querySqlPreview: QuerySqlPage,
  customChart: CustomChartPage,
  customQueryManage: CustomQueryManagePage,
  auditLog: AuditLogPage,
};

/** Loads a page's code ahead of its first visit (the landing page while the user signs in). */
export const preloadPage = (page: string): Promise<unknown> | undefined => pages[page]?.preload();

/** Renders the page of a component name. */
export function PageContent({ page, title }: { page: string; title: string }) {
  const Page = pages[page];
  return Page ? <Page /> : <ComingSoonPage title={title} name={page} />;
}
