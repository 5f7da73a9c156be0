import { FORM_MESSAGES } from '@eip/contracts/utils';
import type { Texts } from './messages.js';

/** Messages of business objects, forms and data templates. */
export const dataMessages = {
  'data.boNotFound': {
    'zh-CN': '业务对象不存在：{id}',
    'zh-TW': '業務物件不存在：{id}',
    'en-US': 'No such business object: {id}',
  },
  'data.formNotFound': {
    'zh-CN': '表单不存在：{id}',
    'zh-TW': '表單不存在：{id}',
    'en-US': 'No such form: {id}',
  },
  'data.templateNotFound': {
    'zh-CN': '数据模板不存在：{alias}',
    'zh-TW': '資料範本不存在：{alias}',
    'en-US': 'No such data template: {alias}',
  },
  'data.templateBoMismatch': {
    'zh-CN': '数据模板“{alias}”不属于业务对象“{boAlias}”',
    'zh-TW': '資料範本「{alias}」不屬於業務物件「{boAlias}」',
    'en-US': 'Data template “{alias}” is not of business object “{boAlias}”',
  },
  'data.recordNotFound': {
    'zh-CN': '数据不存在或已删除：{id}',
    'zh-TW': '資料不存在或已刪除：{id}',
    'en-US': 'No such record, or it was deleted: {id}',
  },
  'data.draftNotFound': {
    'zh-CN': '草稿不存在：{id}',
    'zh-TW': '草稿不存在：{id}',
    'en-US': 'No such draft: {id}',
  },
  'data.subNotFound': {
    'zh-CN': '子表不存在：{alias}',
    'zh-TW': '子表不存在：{alias}',
    'en-US': 'No such sub-table: {alias}',
  },
  'data.flowNotOfTemplate': {
    'zh-CN': '该数据模板不能发起流程“{flow}”',
    'zh-TW': '該資料範本不能發起流程「{flow}」',
    'en-US': 'This data template does not start the flow “{flow}”',
  },
  'data.buttonDenied': {
    'zh-CN': '没有使用“{button}”按钮的权限',
    'zh-TW': '沒有使用「{button}」按鈕的權限',
    'en-US': 'You may not use the “{button}” button',
  },
  'data.unknownButton': {
    'zh-CN': '未知的按钮：{button}',
    'zh-TW': '未知的按鈕：{button}',
    'en-US': 'Unknown button: {button}',
  },
  'data.staleVersion': {
    'zh-CN': '数据已被他人修改，请刷新后重试',
    'zh-TW': '資料已被他人修改，請重新整理後重試',
    'en-US': 'Someone else changed this record; reload it and try again',
  },
  'data.notBatchField': {
    'zh-CN': '字段“{field}”不能批量修改',
    'zh-TW': '欄位「{field}」不能批次修改',
    'en-US': 'Field “{field}” cannot be batch updated',
  },
  'data.invalid': {
    'zh-CN': '表单校验未通过：{message}',
    'zh-TW': '表單校驗未通過：{message}',
    'en-US': 'The form has errors: {message}',
  },
  'data.rowError': {
    'zh-CN': '{sub}第{row}行：{label}{reason}',
    'zh-TW': '{sub}第{row}列：{label}{reason}',
    'en-US': '{sub} row {row}: {label} {reason}',
  },
  'data.fieldError': {
    'zh-CN': '{label}{reason}',
    'zh-TW': '{label}{reason}',
    'en-US': '{label} {reason}',
  },
  'data.importTooMany': {
    'zh-CN': '一次最多导入{max}行，文件中有{count}行',
    'zh-TW': '一次最多匯入{max}列，檔案中有{count}列',
    'en-US': 'At most {max} rows can be imported at once; the file has {count}',
  },
  'data.importBadFile': {
    'zh-CN': '无法读取文件，请上传由导入模板填写的 .xlsx 文件',
    'zh-TW': '無法讀取檔案，請上傳由匯入範本填寫的 .xlsx 檔案',
    'en-US': 'The file cannot be read; upload an .xlsx filled in from the import template',
  },
  'data.importNoFile': {
    'zh-CN': '请选择要导入的文件',
    'zh-TW': '請選擇要匯入的檔案',
    'en-US': 'Choose a file to import',
  },
  'data.importNotFound': {
    'zh-CN': '导入结果不存在或已保存：{id}',
    'zh-TW': '匯入結果不存在或已儲存：{id}',
    'en-US': 'No such import, or it was saved already: {id}',
  },
  'data.importMissingColumn': {
    'zh-CN': '缺少必填列',
    'zh-TW': '缺少必填欄',
    'en-US': 'This required column is missing',
  },
  'data.importParent': {
    'zh-CN': '主表行号不是主表中的数据行',
    'zh-TW': '主表行號不是主表中的資料列',
    'en-US': 'The main-sheet row number names no data row of the main sheet',
  },
  'data.rule.required': FORM_MESSAGES.required,
  'data.rule.type': FORM_MESSAGES.type,
  'data.rule.dict': {
    'zh-CN': '不是字典中的值',
    'zh-TW': '不是字典中的值',
    'en-US': 'is not a value of its dictionary',
  },
  'data.rule.password': FORM_MESSAGES.password,
  'data.rule.number': FORM_MESSAGES.number,
  'data.rule.name': FORM_MESSAGES.name,
  'data.rule.ip': FORM_MESSAGES.ip,
  'data.rule.port': FORM_MESSAGES.port,
  'data.rule.phone': FORM_MESSAGES.phone,
  'data.rule.idCard': FORM_MESSAGES.idCard,
  'data.rule.email': FORM_MESSAGES.email,
  'data.rule.chineseName': FORM_MESSAGES.chineseName,
  'data.rule.money': FORM_MESSAGES.money,
  'data.rule.tel': FORM_MESSAGES.tel,
  'data.rule.minLength': { 'zh-CN': '太短', 'zh-TW': '太短', 'en-US': 'is too short' },
  'data.rule.maxLength': { 'zh-CN': '太长', 'zh-TW': '太長', 'en-US': 'is too long' },
} satisfies Record<string, Texts>;
