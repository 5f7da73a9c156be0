import type { Texts } from './messages.js';

/** Messages of custom queries, query views, custom charts and custom dialogs. */
export const queryMessages = {
  'customQuery.notFound': {
    'zh-CN': '自定义查询不存在：{alias}',
    'zh-TW': '自訂查詢不存在：{alias}',
    'en-US': 'No such custom query: {alias}',
  },
  'customQuery.viewNotFound': {
    'zh-CN': '查询视图不存在：{alias}',
    'zh-TW': '查詢視圖不存在：{alias}',
    'en-US': 'No such query view: {alias}',
  },
  'customQuery.aliasTaken': {
    'zh-CN': '别名已被使用：{alias}',
    'zh-TW': '別名已被使用：{alias}',
    'en-US': 'The alias is taken: {alias}',
  },
  'customQuery.unknownField': {
    'zh-CN': '业务对象没有字段：{field}',
    'zh-TW': '業務物件沒有欄位：{field}',
    'en-US': 'The business object has no field {field}',
  },
  'customQuery.textOperation': {
    'zh-CN': '只有文本字段可以模糊查询：{field}',
    'zh-TW': '只有文字欄位可以模糊查詢：{field}',
    'en-US': 'Only text fields take a LIKE condition: {field}',
  },
  'customQuery.conditionValue': {
    'zh-CN': '条件“{field}”需要一个参数或固定值',
    'zh-TW': '條件「{field}」需要一個參數或固定值',
    'en-US': 'The condition on {field} needs a parameter or a fixed value',
  },
  'customQuery.unknownParam': {
    'zh-CN': '查询没有参数：{name}',
    'zh-TW': '查詢沒有參數：{name}',
    'en-US': 'The query has no parameter {name}',
  },
  'customQuery.duplicate': {
    'zh-CN': '名称重复：{name}',
    'zh-TW': '名稱重複：{name}',
    'en-US': 'The name is used twice: {name}',
  },
  'customQuery.viewColumn': {
    'zh-CN': '视图“{view}”的列不在查询结果中：{field}',
    'zh-TW': '視圖「{view}」的欄不在查詢結果中：{field}',
    'en-US': 'Column {field} of view “{view}” is not among the query’s columns',
  },
  'customQuery.paramRequired': {
    'zh-CN': '请填写查询条件：{label}',
    'zh-TW': '請填寫查詢條件：{label}',
    'en-US': 'Fill in the query condition: {label}',
  },
  'customQuery.badParam': {
    'zh-CN': '查询条件“{name}”只能是一个值',
    'zh-TW': '查詢條件「{name}」只能是一個值',
    'en-US': 'The query condition {name} takes a single value',
  },
  'customQuery.timeout': {
    'zh-CN': '查询超时，请缩小查询范围后重试',
    'zh-TW': '查詢逾時，請縮小查詢範圍後重試',
    'en-US': 'The query took too long: narrow it down and try again',
  },
  'customQuery.exportTooMany': {
    'zh-CN': '导出的数据超过 {max} 行，请缩小查询范围',
    'zh-TW': '匯出的資料超過 {max} 列，請縮小查詢範圍',
    'en-US': 'More than {max} rows to export: narrow the query down',
  },
  'customQuery.adminsOnly': {
    'zh-CN': '只有管理员可以维护自定义查询',
    'zh-TW': '只有管理員可以維護自訂查詢',
    'en-US': 'Only administrators maintain custom queries',
  },
  'customChart.notFound': {
    'zh-CN': '自定义图表不存在：{id}',
    'zh-TW': '自訂圖表不存在：{id}',
    'en-US': 'No such custom chart: {id}',
  },
  'customChart.badField': {
    'zh-CN': '图表的字段不可用：{field}',
    'zh-TW': '圖表的欄位不可用：{field}',
    'en-US': 'The chart’s field cannot be used: {field}',
  },
  'customChart.sum': { 'zh-CN': '{label}合计', 'zh-TW': '{label}合計', 'en-US': 'Total {label}' },
  'customChart.avg': { 'zh-CN': '{label}平均值', 'zh-TW': '{label}平均值', 'en-US': 'Average {label}' },
  'customChart.count': { 'zh-CN': '数量', 'zh-TW': '數量', 'en-US': 'Count' },
  'customDialog.notFound': {
    'zh-CN': '自定义对话框不存在：{alias}',
    'zh-TW': '自訂對話框不存在：{alias}',
    'en-US': 'No such custom dialog: {alias}',
  },
  'customDialog.notTree': {
    'zh-CN': '对话框“{alias}”不是树形对话框',
    'zh-TW': '對話框「{alias}」不是樹形對話框',
    'en-US': 'Dialog “{alias}” is not a tree',
  },
} satisfies Record<string, Texts>;
