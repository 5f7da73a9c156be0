import type { Texts } from './messages.js';

/** Messages of printing a request (wordPrint): the template's name, its headings, and the refusals. */
export const printMessages = {
  'print.globalTemplate': {
    'zh-CN': '全局打印模板',
    'zh-TW': '全域列印範本',
    'en-US': 'Global print template',
  },
  'print.label.subject': { 'zh-CN': '标题', 'zh-TW': '標題', 'en-US': 'Subject' },
  'print.label.initiator': { 'zh-CN': '发起人', 'zh-TW': '發起人', 'en-US': 'Initiator' },
  'print.label.createTime': { 'zh-CN': '发起时间', 'zh-TW': '發起時間', 'en-US': 'Started' },
  'print.label.endTime': { 'zh-CN': '结束时间', 'zh-TW': '結束時間', 'en-US': 'Ended' },
  'print.label.form': { 'zh-CN': '表单内容', 'zh-TW': '表單內容', 'en-US': 'Form' },
  'print.label.field': { 'zh-CN': '字段', 'zh-TW': '欄位', 'en-US': 'Field' },
  'print.label.value': { 'zh-CN': '内容', 'zh-TW': '內容', 'en-US': 'Value' },
  'print.label.opinions': { 'zh-CN': '审批意见', 'zh-TW': '審批意見', 'en-US': 'Opinions' },
  'print.label.node': { 'zh-CN': '审批节点', 'zh-TW': '審批節點', 'en-US': 'Step' },
  'print.label.approver': { 'zh-CN': '审批人', 'zh-TW': '審批人', 'en-US': 'Approver' },
  'print.label.action': { 'zh-CN': '审批动作', 'zh-TW': '審批動作', 'en-US': 'Action' },
  'print.label.opinion': { 'zh-CN': '意见', 'zh-TW': '意見', 'en-US': 'Opinion' },
  'print.label.time': { 'zh-CN': '审批时间', 'zh-TW': '審批時間', 'en-US': 'Time' },
  'print.label.printed': { 'zh-CN': '打印', 'zh-TW': '列印', 'en-US': 'Printed' },
  'print.noConverter': {
    'zh-CN': '未配置文档转换服务，无法打印为 PDF，请选择 Word 格式',
    'zh-TW': '未設定文件轉換服務，無法列印為 PDF，請選擇 Word 格式',
    'en-US': 'No document converter is configured: the request cannot be printed as PDF; choose Word instead',
  },
  'print.conversionFailed': {
    'zh-CN': '打印失败：文档转换为 PDF 失败',
    'zh-TW': '列印失敗：文件轉換為 PDF 失敗',
    'en-US': 'Printing failed: the document could not be converted to PDF',
  },
} satisfies Record<string, Texts>;
