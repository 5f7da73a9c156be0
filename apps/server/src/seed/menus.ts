/**
 * The front menu (alias front_menu) every demo tenant gets: one entry for every area of the spec.
 * `component` names a page, or one of the layouts of spec §2 (Layout for catalogs); items with a
 * routeExtend are pages of this app, items without one become /onlineMenu/{name} pages.
 * `roles`: only holders of these role codes see the item (empty: everyone).
 */
export interface DemoMenu {
  alias: string;
  name: string;
  path: string;
  component: string;
  icon?: string;
  routeExtend?: string;
  affix?: boolean;
  roles?: string[];
  children?: DemoMenu[];
}

const page = (
  alias: string,
  name: string,
  path: string,
  component: string,
  extra: Partial<DemoMenu> = {},
): DemoMenu => ({
  alias,
  name,
  path,
  component,
  routeExtend: '{}',
  ...extra,
});

export const FRONT_MENU: DemoMenu[] = [
  page('v-index', '首页', '/index', 'indexLayout', { icon: 'HomeOutlined', affix: true }),
  {
    alias: 'v-flow',
    name: '审批中心',
    path: '/matter',
    component: 'Layout',
    icon: 'AuditOutlined',
    children: [
      page('v-startProcess', '发起流程', '/matter/startProcess', 'startProcess'),
      page('v-myTask', '待办事项', '/matter/myTask', 'myTask'),
      page('v-leader', '领导待办', '/matter/leaderTask', 'leaderTask'),
      page('v-done', '已办事项', '/matter/doneList', 'doneList'),
      page('v-myRequest', '我的请求', '/matter/myRequest', 'myRequest'),
      page('v-myDraft', '我的草稿', '/matter/myDraft', 'myDraft'),
      page('v-myCollect', '我的收藏', '/matter/myCollect', 'myCollect'),
      page('v-circulated', '我的传阅', '/matter/circulated', 'circulated'),
      page('v-delegated', '我的委托', '/matter/delegated', 'delegated'),
      page('v-distribute', '分发文件', '/matter/distributeDocument', 'distributeDocument'),
      page('v-documentLibrary', '文档库', '/matter/documentLibraryForm', 'documentLibraryForm'),
    ],
  },
  {
    alias: 'v-mail',
    name: '邮件',
    path: '/mail',
    component: 'Layout',
    icon: 'MailOutlined',
    children: [
      page('v-mailList', '我的邮件', '/mail/mailList', 'mailList'),
      page('v-mailSetting', '邮箱设置', '/mail/mailSetting', 'mailSetting'),
      page('v-mailLinkman', '邮件联系人', '/mail/linkman', 'mailLinkman'),
    ],
  },
  page('v-message', '内部消息', '/personal/message', 'message', { icon: 'BellOutlined' }),
  // the company directory: every employee looks colleagues up here (the administrator too)
  page('v-orgManage', '组织架构', '/org/directory', 'orgManage', { icon: 'ClusterOutlined' }),
  {
    alias: 'v-template',
    name: '数据模板',
    path: '/template',
    component: 'TemplateLayout',
    icon: 'TableOutlined',
    children: [
      page('v-templateDraft', '模板草稿', '/templateDraftList/contract/1', 'templateDraftList'),
      page('v-contractData', '合同台账', '/template/contractData', 'TemplateLayout', {
        routeExtend: '{"templateAlias":"contract"}',
      }),
      page('v-employeeData', '员工档案', '/template/employeeData', 'TemplateLayout', {
        routeExtend: '{"templateAlias":"employee"}',
      }),
      page('v-assetData', '资产台账', '/template/assetData', 'TemplateLayout', {
        routeExtend: '{"templateAlias":"asset"}',
      }),
      page('v-contractQuery', '合同查询', '/template/contractQuery', 'QuerySqlLayout', {
        routeExtend: '{"sqlAlias":"contractQuery"}',
      }),
      page('v-contractChart', '合同金额统计', '/template/contractChart', 'customChart', {
        routeExtend: '{"chartAlias":"contractAmountByMonth"}',
      }),
      page('v-customQuery', '自定义查询', '/template/customQuery', 'customQueryManage', {
        roles: ['sysadmin'],
      }),
    ],
  },
  {
    alias: 'v-news',
    name: '新闻公告',
    path: '/news',
    component: 'Layout',
    icon: 'ReadOutlined',
    children: [
      page('v-newsList', '新闻', '/news/list', 'newsList'),
      page('v-notice', '通知公告', '/news/notice', 'noticeList'),
      page('v-meeting', '会议', '/news/meeting', 'meetingList'),
    ],
  },
  {
    alias: 'v-personal',
    name: '个人设置',
    path: '/personal',
    component: 'Layout',
    icon: 'SettingOutlined',
    children: [
      page('v-agent', '代理设置', '/personal/agent', 'agentSetting'),
      page('v-secretary', '秘书设置', '/personal/secretary', 'secretarySetting'),
      page('v-approvalItem', '常用语', '/personal/approvalItem', 'approvalItem'),
      page('v-contacts', '常用联系人', '/personal/contacts', 'contacts'),
      page('v-signature', '我的签章', '/personal/signature', 'mySignature'),
      page('v-sealManage', '印章管理', '/personal/seal', 'sealManage', { roles: ['sysadmin'] }),
      page('v-auditLog', '审计日志', '/personal/auditLog', 'auditLog', { roles: ['sysadmin'] }),
      page('v-taskListColumns', '审批列表列设置', '/personal/taskListColumns', 'taskListColumns', {
        roles: ['sysadmin'],
      }),
    ],
  },
];
