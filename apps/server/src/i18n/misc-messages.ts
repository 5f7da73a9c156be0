import type { Texts } from './messages.js';

/**
 * Messages of dictionaries, tags, serial numbers, often-used menus, dates, scripts, tenant logos, system
 * properties and mobile addresses.
 */
export const miscMessages = {
  'misc.dictNotFound': {
    'zh-CN': '数据字典不存在：{typeKey}',
    'zh-TW': '資料字典不存在：{typeKey}',
    'en-US': 'No such dictionary: {typeKey}',
  },
  'misc.tagAdminsOnly': {
    'zh-CN': '只有管理员可以新建和修改标签',
    'zh-TW': '只有管理員可以新增和修改標籤',
    'en-US': 'Only administrators may create and change tags',
  },
  'misc.tagNotFound': {
    'zh-CN': '标签不存在：{id}',
    'zh-TW': '標籤不存在：{id}',
    'en-US': 'No such tag: {id}',
  },
  'misc.tagNameTaken': {
    'zh-CN': '同类标签中已有“{name}”',
    'zh-TW': '同類標籤中已有「{name}」',
    'en-US': 'A tag of this kind is already named “{name}”',
  },
  'misc.identityNotFound': {
    'zh-CN': '流水号不存在：{alias}',
    'zh-TW': '流水號不存在：{alias}',
    'en-US': 'No such serial number: {alias}',
  },
  'misc.menuNotFound': {
    'zh-CN': '菜单不存在或无权访问：{alias}',
    'zh-TW': '選單不存在或無權存取：{alias}',
    'en-US': 'No such menu entry, or not one of yours: {alias}',
  },
  'misc.badDateFormat': {
    'zh-CN': '参数错误：query.valFormat 不是支持的日期格式：{format}',
    'zh-TW': '參數錯誤：query.valFormat 不是支援的日期格式：{format}',
    'en-US': 'Invalid input: query.valFormat is not a supported date pattern: {format}',
  },
  'misc.scriptNotSupported': {
    'zh-CN': '不支持执行脚本：本系统不在服务器上运行任何存储或提交的代码',
    'zh-TW': '不支援執行腳本：本系統不在伺服器上執行任何儲存或提交的程式碼',
    'en-US':
      'Running scripts is not supported: this system never runs stored or submitted code on the server',
  },
  'misc.logoNotFound': {
    'zh-CN': '租户标志不存在：{fileId}',
    'zh-TW': '租戶標誌不存在：{fileId}',
    'en-US': 'No such tenant logo: {fileId}',
  },
  'sysProperty.notFound': {
    'zh-CN': '系统属性不存在：{alias}',
    'zh-TW': '系統屬性不存在：{alias}',
    'en-US': 'No such system property: {alias}',
  },
  'sysProperty.badValue': {
    'zh-CN': '参数错误：body.value 不是系统属性 {alias} 允许的值',
    'zh-TW': '參數錯誤：body.value 不是系統屬性 {alias} 允許的值',
    'en-US': 'Invalid input: body.value is not a value the system property {alias} allows',
  },
  'mobile.badUrl': {
    'zh-CN': '参数错误：query.url 不是本门户的地址：{url}',
    'zh-TW': '參數錯誤：query.url 不是本入口網站的位址：{url}',
    'en-US': 'Invalid input: query.url is not an address of this portal: {url}',
  },
} satisfies Record<string, Texts>;
