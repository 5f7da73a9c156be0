/**
 * The demo tenants: the platform tenant (the default, id -1) with a three-level org tree and 32 staff,
 * and a second tenant to prove isolation. Accounts and what each can do are listed in README.md.
 */
export interface DemoOrg {
  code: string;
  name: string;
  parent?: string;
}
export interface DemoUser {
  account: string;
  fullname: string;
  org: string;
  /** the post code in that org */
  post: string;
  leader?: boolean;
  roles: string[];
  status?: number;
  isAdmin?: boolean;
  mustChangePassword?: boolean;
  sex?: '男' | '女';
}
export interface DemoTenant {
  id?: string;
  code: string;
  name: string;
  strategy: { enable: number; pwdRule: number; pwdLength: number };
  orgs: DemoOrg[];
  users: DemoUser[];
  /** leader account → secretary accounts */
  secretaries: Record<string, string[]>;
  /** owner account → group name → member accounts */
  contactGroups: Record<string, Record<string, string[]>>;
}

export const ROLES = [
  { code: 'sysadmin', name: '系统管理员' },
  { code: 'employee', name: '普通员工' },
  { code: 'dept_leader', name: '部门负责人' },
  { code: 'hr', name: '人事专员' },
  { code: 'finance', name: '财务专员' },
  { code: 'secretary', name: '领导秘书' },
  { code: 'news_admin', name: '新闻管理员' },
];

export const JOBS = [
  { code: 'ceo', name: '总经理', level: 5 },
  { code: 'director', name: '总监', level: 4 },
  { code: 'manager', name: '经理', level: 3 },
  { code: 'staff', name: '职员', level: 1 },
  { code: 'assistant', name: '秘书', level: 1 },
];

/** method permission aliases and the roles that hold them (administrators hold all) */
export const METHODS = [
  { alias: 'flow:start', name: '发起流程', roles: ['employee', 'dept_leader', 'hr', 'finance', 'secretary'] },
  { alias: 'flow:batchApprove', name: '批量审批', roles: ['dept_leader', 'hr', 'finance'] },
  { alias: 'mail:send', name: '发送邮件', roles: ['employee', 'dept_leader', 'hr', 'finance', 'secretary'] },
  { alias: 'template:edit', name: '编辑数据模板', roles: ['dept_leader', 'hr', 'finance'] },
  { alias: 'news:publish', name: '发布新闻公告', roles: ['news_admin'] },
  { alias: 'uc:manage', name: '管理组织架构', roles: [] },
  { alias: 'portal:design', name: '设计门户布局', roles: [] },
];

const staff = (account: string, fullname: string, org: string, extra: Partial<DemoUser> = {}): DemoUser => ({
  account,
  fullname,
  org,
  post: 'staff',
  roles: ['employee'],
  ...extra,
});
const head = (account: string, fullname: string, org: string, extra: Partial<DemoUser> = {}): DemoUser => ({
  account,
  fullname,
  org,
  post: 'manager',
  leader: true,
  roles: ['employee', 'dept_leader'],
  ...extra,
});

export const PLATFORM: DemoTenant = {
  id: '-1',
  code: 'platform',
  name: '演示集团',
  strategy: { enable: 1, pwdRule: 3, pwdLength: 8 },
  orgs: [
    { code: 'hq', name: '演示集团总部' },
    { code: 'admin_center', name: '行政中心', parent: 'hq' },
    { code: 'hr', name: '人力资源部', parent: 'admin_center' },
    { code: 'finance', name: '财务部', parent: 'admin_center' },
    { code: 'general', name: '综合管理部', parent: 'admin_center' },
    { code: 'rd_center', name: '研发中心', parent: 'hq' },
    { code: 'frontend', name: '前端开发部', parent: 'rd_center' },
    { code: 'backend', name: '后端开发部', parent: 'rd_center' },
    { code: 'qa', name: '测试部', parent: 'rd_center' },
    { code: 'market_center', name: '市场中心', parent: 'hq' },
    { code: 'sales', name: '销售部', parent: 'market_center' },
    { code: 'marketing', name: '市场部', parent: 'market_center' },
  ],
  users: [
    staff('admin', '系统管理员', 'hq', { roles: ['sysadmin'], isAdmin: true }),
    head('zhangwei', '张伟', 'hq', { post: 'ceo', sex: '男' }),
    staff('wangfang', '王芳', 'hq', { post: 'assistant', roles: ['employee', 'secretary'], sex: '女' }),
    head('lina', '李娜', 'admin_center', { post: 'director', sex: '女' }),
    head('liuyang', '刘洋', 'hr', { roles: ['employee', 'dept_leader', 'hr'], sex: '男' }),
    staff('chenjing', '陈静', 'hr', { roles: ['employee', 'hr'], sex: '女' }),
    staff('yangli', '杨丽', 'hr', { roles: ['employee', 'hr'], sex: '女' }),
    staff('newbie', '新同事', 'hr', { mustChangePassword: true }),
    head('zhaolei', '赵磊', 'finance', { roles: ['employee', 'dept_leader', 'finance'], sex: '男' }),
    staff('huangmin', '黄敏', 'finance', { roles: ['employee', 'finance'], sex: '女' }),
    staff('zhouqiang', '周强', 'finance', { roles: ['employee', 'finance'], sex: '男' }),
    head('wuxia', '吴霞', 'general', { sex: '女' }),
    staff('xuhui', '徐辉', 'general', { roles: ['employee', 'news_admin'], sex: '男' }),
    head('sunhao', '孙浩', 'rd_center', { post: 'director', sex: '男' }),
    head('hujun', '胡军', 'frontend', { sex: '男' }),
    staff('zhuting', '朱婷', 'frontend', { sex: '女' }),
    staff('gaofeng', '高峰', 'frontend', { sex: '男' }),
    staff('xiaoyu', '萧雨', 'frontend', { status: -1, sex: '女' }),
    head('linxue', '林雪', 'backend', { sex: '女' }),
    staff('heyu', '何宇', 'backend', { sex: '男' }),
    staff('guoming', '郭明', 'backend', { sex: '男' }),
    staff('caiwen', '蔡文', 'backend', { status: 2, sex: '男' }),
    head('mali', '马丽', 'qa', { sex: '女' }),
    staff('luobin', '罗斌', 'qa', { sex: '男' }),
    staff('liangchen', '梁晨', 'qa', { sex: '男' }),
    head('songjia', '宋佳', 'market_center', { post: 'director', sex: '女' }),
    head('zhengkai', '郑凯', 'sales', { sex: '男' }),
    staff('xiena', '谢娜', 'sales', { sex: '女' }),
    staff('hanxu', '韩旭', 'sales', { sex: '男' }),
    head('tangyan', '唐艳', 'marketing', { sex: '女' }),
    staff('fengtao', '冯涛', 'marketing', { sex: '男' }),
    staff('dongjie', '董洁', 'marketing', { status: 0, sex: '女' }),
  ],
  secretaries: { zhangwei: ['wangfang'] },
  contactGroups: {
    zhangwei: { 管理层: ['lina', 'sunhao', 'songjia'], 人事财务: ['liuyang', 'zhaolei'] },
    zhuting: { 项目组: ['gaofeng', 'heyu', 'luobin'] },
  },
};

export const SECOND_TENANT: DemoTenant = {
  code: 'acme',
  name: '示例科技有限公司',
  strategy: { enable: 0, pwdRule: 1, pwdLength: 6 },
  orgs: [
    { code: 'acme', name: '示例科技' },
    { code: 'acme_rd', name: '研发部', parent: 'acme' },
    { code: 'acme_rd_app', name: '应用组', parent: 'acme_rd' },
    { code: 'acme_sales', name: '销售部', parent: 'acme' },
  ],
  users: [
    staff('admin', '示例管理员', 'acme', { roles: ['sysadmin'], isAdmin: true }),
    head('alice', '艾丽斯', 'acme_rd', { sex: '女' }),
    staff('bob', '鲍勃', 'acme_rd_app', { sex: '男' }),
    head('carol', '卡萝尔', 'acme_sales', { sex: '女' }),
    staff('dave', '戴夫', 'acme_sales', { sex: '男' }),
  ],
  secretaries: {},
  contactGroups: { alice: { 同事: ['bob', 'carol'] } },
};

/** The posts of an org: which post codes exist in it. */
export const postsOf = (org: DemoOrg, users: DemoUser[]) => [
  ...new Set(users.filter((u) => u.org === org.code).map((u) => u.post)),
];
