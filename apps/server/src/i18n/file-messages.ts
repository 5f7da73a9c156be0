import type { Texts } from './messages.js';

/** Messages of uploads, file metadata and previews, in the three languages. */
export const fileMessages = {
  'file.empty': {
    'zh-CN': '文件为空，请选择有内容的文件',
    'zh-TW': '檔案為空，請選擇有內容的檔案',
    'en-US': 'The file is empty: choose a file with content',
  },
  'file.typeForbidden': {
    'zh-CN': '不允许上传此类文件（{found}），只能上传：{allowed}',
    'zh-TW': '不允許上傳此類檔案（{found}），只能上傳：{allowed}',
    'en-US': 'Files of this type ({found}) are not accepted here; accepted: {allowed}',
  },
  'file.typeMismatch': {
    'zh-CN': '文件内容与扩展名不符：内容是 {found} 文件',
    'zh-TW': '檔案內容與副檔名不符：內容是 {found} 檔案',
    'en-US': 'The file’s content does not match its extension: it is a {found} file',
  },
  'file.quotaExceeded': {
    'zh-CN': '个人文件空间不足：上限 {quota}，已用 {used}',
    'zh-TW': '個人檔案空間不足：上限 {quota}，已用 {used}',
    'en-US': 'Not enough room in your file space: {used} of {quota} used',
  },
  'file.notEditable': {
    'zh-CN': '只有上传人或管理员可以修改文件信息',
    'zh-TW': '只有上傳人或管理員可以修改檔案資訊',
    'en-US': 'Only the uploader or an administrator may change a file’s details',
  },
  'file.notPreviewable': {
    'zh-CN': '文件无法预览，请下载后查看',
    'zh-TW': '檔案無法預覽，請下載後查看',
    'en-US': 'This file cannot be previewed: download it to open it',
  },
  'file.noConverter': {
    'zh-CN': '未配置文档转换服务，无法预览 Office 文档，请下载后查看',
    'zh-TW': '未設定文件轉換服務，無法預覽 Office 文件，請下載後查看',
    'en-US': 'No document converter is configured: Office documents cannot be previewed; download it instead',
  },
  'file.conversionFailed': {
    'zh-CN': '文件无法预览：文档转换失败，请下载后查看',
    'zh-TW': '檔案無法預覽：文件轉換失敗，請下載後查看',
    'en-US': 'This file cannot be previewed: the document could not be converted; download it instead',
  },
  'file.notImage': {
    'zh-CN': '该文件不是图片',
    'zh-TW': '該檔案不是圖片',
    'en-US': 'This file is not an image',
  },
} satisfies Record<string, Texts>;
