import type { Texts } from './messages.js';

/** Messages of the portal home (columns, layouts, arrangements, apps), in the three languages. */
export const homeMessages = {
  'home.columnNotFound': {
    'zh-CN': '栏目不存在：{alias}',
    'zh-TW': '欄目不存在：{alias}',
    'en-US': 'No such column: {alias}',
  },
  'home.columnForbidden': {
    'zh-CN': '无权查看栏目：{alias}',
    'zh-TW': '無權檢視欄目：{alias}',
    'en-US': 'You may not see the column {alias}',
  },
  'home.designersOnly': {
    'zh-CN': '只有门户管理员可以设计门户布局和栏目',
    'zh-TW': '只有入口網站管理員可以設計入口網站佈局和欄目',
    'en-US': 'Only portal designers may arrange the portal’s layouts and columns',
  },
  'home.nameRequired': { 'zh-CN': '请输入名称', 'zh-TW': '請輸入名稱', 'en-US': 'Please enter a name' },
  'home.aliasTaken': {
    'zh-CN': '别名已被使用：{alias}',
    'zh-TW': '別名已被使用：{alias}',
    'en-US': 'The alias {alias} is taken',
  },
  'home.headerNotJson': {
    'zh-CN': '请求头部不是有效的JSON格式',
    'zh-TW': '請求標頭不是有效的JSON格式',
    'en-US': 'The request headers are not valid JSON',
  },
  'home.headerReserved': {
    'zh-CN': '请求头部不能设置 {name}',
    'zh-TW': '請求標頭不能設定 {name}',
    'en-US': 'The request headers may not set {name}',
  },
  'home.callUnknown': {
    'zh-CN': '数据来源不是本门户可用于栏目的查询接口（{method} {dataFrom}）',
    'zh-TW': '資料來源不是本入口網站可用於欄目的查詢介面（{method} {dataFrom}）',
    'en-US': 'The data source is not a read of this portal that a column may call ({method} {dataFrom})',
  },
  'home.providerUnknown': {
    'zh-CN': '未知的数据来源：{dataFrom}',
    'zh-TW': '未知的資料來源：{dataFrom}',
    'en-US': 'Unknown data source: {dataFrom}',
  },
  'home.kindMismatch': {
    'zh-CN': '数据来源 {dataFrom} 不能以“{kind}”方式展示',
    'zh-TW': '資料來源 {dataFrom} 不能以「{kind}」方式展示',
    'en-US': 'The data source {dataFrom} cannot be shown as “{kind}”',
  },
  'home.linkInvalid': {
    'zh-CN': '链接地址无效（应为门户内的页面路径或 http(s) 地址）：{value}',
    'zh-TW': '連結位址無效（應為入口網站內的頁面路徑或 http(s) 位址）：{value}',
    'en-US': 'Invalid link (a page path of the portal or an http(s) address): {value}',
  },
  'home.audienceRequired': {
    'zh-CN': '请选择可见的角色、组织或岗位',
    'zh-TW': '請選擇可見的角色、組織或崗位',
    'en-US': 'Please choose the roles, orgs or posts who may see it',
  },
  'home.audienceUnknown': {
    'zh-CN': '角色、组织或岗位不存在：{id}',
    'zh-TW': '角色、組織或崗位不存在：{id}',
    'en-US': 'No such role, org or post: {id}',
  },
  'home.columnStale': {
    'zh-CN': '栏目“{name}”已被他人修改，请刷新后再保存',
    'zh-TW': '欄目「{name}」已被他人修改，請重新整理後再儲存',
    'en-US': 'The column “{name}” was changed by someone else; reload it before saving',
  },
  'home.columnInUse': {
    'zh-CN': '栏目正在被布局使用：{layouts}',
    'zh-TW': '欄目正在被佈局使用：{layouts}',
    'en-US': 'The column is placed on these layouts: {layouts}',
  },
  'home.layoutNotFound': {
    'zh-CN': '布局不存在：{id}',
    'zh-TW': '佈局不存在：{id}',
    'en-US': 'No such layout: {id}',
  },
  'home.layoutForbidden': {
    'zh-CN': '无权查看布局：{id}',
    'zh-TW': '無權檢視佈局：{id}',
    'en-US': 'You may not see the layout {id}',
  },
  'home.layoutStale': {
    'zh-CN': '布局“{name}”已被他人修改，请刷新后再保存',
    'zh-TW': '佈局「{name}」已被他人修改，請重新整理後再儲存',
    'en-US': 'The layout “{name}” was changed by someone else; reload it before saving',
  },
  'home.scopeTargetRequired': {
    'zh-CN': '请选择布局所属的角色或岗位',
    'zh-TW': '請選擇佈局所屬的角色或崗位',
    'en-US': 'Please choose the role or post the layout is for',
  },
  'home.scopeTaken': {
    'zh-CN': '该角色或岗位已有布局：{name}',
    'zh-TW': '該角色或崗位已有佈局：{name}',
    'en-US': 'That role or post already has a layout: {name}',
  },
  'home.defaultLayoutKept': {
    'zh-CN': '默认布局不能删除，也不能改为其他范围',
    'zh-TW': '預設佈局不能刪除，也不能改為其他範圍',
    'en-US': 'The default layout cannot be deleted or moved to another scope',
  },
  'home.layoutItemUnknown': {
    'zh-CN': '布局中的栏目不存在或无权查看：{alias}',
    'zh-TW': '佈局中的欄目不存在或無權檢視：{alias}',
    'en-US': 'The layout places a column that does not exist or that you may not see: {alias}',
  },
  'home.layoutItemTwice': {
    'zh-CN': '栏目在布局中出现了两次：{alias}',
    'zh-TW': '欄目在佈局中出現了兩次：{alias}',
    'en-US': 'The column {alias} appears twice in the layout',
  },
  'home.layoutItemOutside': {
    'zh-CN': '栏目 {alias} 超出了网格（共 {cols} 列）',
    'zh-TW': '欄目 {alias} 超出了網格（共 {cols} 欄）',
    'en-US': 'The column {alias} lies outside the grid ({cols} columns)',
  },
  'home.layoutItemsOverlap': {
    'zh-CN': '栏目 {first} 与 {second} 重叠',
    'zh-TW': '欄目 {first} 與 {second} 重疊',
    'en-US': 'The columns {first} and {second} overlap',
  },
  'home.configNotJson': {
    'zh-CN': '布局内容不是有效的JSON格式',
    'zh-TW': '佈局內容不是有效的JSON格式',
    'en-US': 'The layout content is not valid JSON',
  },
  'home.configInvalid': {
    'zh-CN': '布局内容有误：{path} {reason}',
    'zh-TW': '佈局內容有誤：{path} {reason}',
    'en-US': 'The layout content is wrong: {path} {reason}',
  },
  'home.userLayoutStale': {
    'zh-CN': '您的门户布局已在别处修改（例如另一个浏览器），本次调整未保存。请刷新后再调整',
    'zh-TW': '您的入口網站佈局已在別處修改（例如另一個瀏覽器），本次調整未儲存。請重新整理後再調整',
    'en-US':
      'Your home was arranged elsewhere meanwhile (another browser, say); this arrangement was not saved. Reload, then arrange again',
  },
  'home.appNotFound': {
    'zh-CN': '应用不存在或无权打开：{id}',
    'zh-TW': '應用不存在或無權開啟：{id}',
    'en-US': 'No such app, or not yours to open: {id}',
  },
  'home.columnFailed': {
    'zh-CN': '栏目数据加载失败，请稍后重试',
    'zh-TW': '欄目資料載入失敗，請稍後重試',
    'en-US': 'The column’s data could not be loaded; please try again later',
  },
  'home.callFailed': {
    'zh-CN': '栏目数据加载失败：{message}',
    'zh-TW': '欄目資料載入失敗：{message}',
    'en-US': 'The column’s data could not be loaded: {message}',
  },
  'home.callUnshowable': {
    'zh-CN': '栏目数据无法显示：接口返回的不是列表或数字',
    'zh-TW': '欄目資料無法顯示：介面傳回的不是清單或數字',
    'en-US': 'The column’s data cannot be shown: the call answered neither a list nor a number',
  },
  'home.figure.todo': { 'zh-CN': '我的待办', 'zh-TW': '我的待辦', 'en-US': 'My to-dos' },
  'home.figure.doneThisMonth': { 'zh-CN': '本月已办', 'zh-TW': '本月已辦', 'en-US': 'Handled this month' },
  'home.figure.inFlight': { 'zh-CN': '在办申请', 'zh-TW': '在辦申請', 'en-US': 'Requests in progress' },
  'home.chart.running': { 'zh-CN': '审批中', 'zh-TW': '審批中', 'en-US': 'In approval' },
  'home.chart.returned': { 'zh-CN': '退回发起人', 'zh-TW': '退回發起人', 'en-US': 'Back with me' },
  'home.chart.completed': { 'zh-CN': '已办结', 'zh-TW': '已辦結', 'en-US': 'Completed' },
  'home.chart.stopped': { 'zh-CN': '终止或撤回', 'zh-TW': '終止或撤回', 'en-US': 'Stopped or withdrawn' },
  'home.status.running': { 'zh-CN': '审批中', 'zh-TW': '審批中', 'en-US': 'In approval' },
  'home.status.back': { 'zh-CN': '已驳回', 'zh-TW': '已駁回', 'en-US': 'Sent back' },
  'home.status.backToStart': {
    'zh-CN': '驳回到发起人',
    'zh-TW': '駁回到發起人',
    'en-US': 'Back to initiator',
  },
  'home.status.revokeToStart': {
    'zh-CN': '撤回到发起人',
    'zh-TW': '撤回到發起人',
    'en-US': 'Withdrawn to initiator',
  },
  'home.status.end': { 'zh-CN': '已结束', 'zh-TW': '已結束', 'en-US': 'Ended' },
  'home.status.manualend': { 'zh-CN': '人工终止', 'zh-TW': '人工終止', 'en-US': 'Terminated' },
  'home.status.revoke': { 'zh-CN': '已撤回', 'zh-TW': '已撤回', 'en-US': 'Withdrawn' },
} satisfies Record<string, Texts>;
