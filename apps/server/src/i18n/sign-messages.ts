import type { Texts } from './messages.js';

/** Messages of signatures and seals (spec §5 gives the two warnings verbatim). */
export const signMessages = {
  'sign.noFieldPath': {
    'zh-CN': '未获取到签章字段路径，请初始化表单模板后重新保存表单！',
    'zh-TW': '未取得簽章欄位路徑，請初始化表單範本後重新儲存表單！',
    'en-US': 'The signature field has no path: initialise the form template and save the form again!',
  },
  'sign.noSeal': {
    'zh-CN': '未获取到签章，请检查签章配置！',
    'zh-TW': '未取得簽章，請檢查簽章設定！',
    'en-US': 'No signature or seal found: check the signature settings!',
  },
  'sign.passwordRequired': {
    'zh-CN': '请输入签章密码',
    'zh-TW': '請輸入簽章密碼',
    'en-US': 'Enter your signing password',
  },
  'sign.badPassword': {
    'zh-CN': '签章密码错误',
    'zh-TW': '簽章密碼錯誤',
    'en-US': 'Wrong signing password',
  },
  'sign.locked': {
    'zh-CN': '签章密码错误次数过多，请{minutes}分钟后再试',
    'zh-TW': '簽章密碼錯誤次數過多，請{minutes}分鐘後再試',
    'en-US': 'Too many wrong signing passwords: try again in {minutes} minutes',
  },
  'sign.oldPasswordRequired': {
    'zh-CN': '请输入原签章密码',
    'zh-TW': '請輸入原簽章密碼',
    'en-US': 'Enter your current signing password',
  },
  'sign.passwordTooShort': {
    'zh-CN': '签章密码长度至少为6',
    'zh-TW': '簽章密碼長度至少為6',
    'en-US': 'The signing password needs at least 6 characters',
  },
  'sign.imageTooLarge': {
    'zh-CN': '签章图片不能超过{limit}',
    'zh-TW': '簽章圖片不能超過{limit}',
    'en-US': 'A signature image may be at most {limit}',
  },
  'sign.emptyImage': {
    'zh-CN': '签章图片是空白的',
    'zh-TW': '簽章圖片是空白的',
    'en-US': 'The signature image is blank',
  },
  'sign.badImage': {
    'zh-CN': '无法读取签章图片',
    'zh-TW': '無法讀取簽章圖片',
    'en-US': 'The signature image cannot be read',
  },
  'sign.sealNotFound': {
    'zh-CN': '印章不存在：{id}',
    'zh-TW': '印章不存在：{id}',
    'en-US': 'No such seal: {id}',
  },
  'sign.sealNotYours': {
    'zh-CN': '无权使用该印章',
    'zh-TW': '無權使用該印章',
    'en-US': 'You may not use this seal',
  },
  'sign.orgNotFound': {
    'zh-CN': '组织不存在：{id}',
    'zh-TW': '組織不存在：{id}',
    'en-US': 'No such org: {id}',
  },
  'sign.notAtStart': {
    'zh-CN': '签章字段 {field} 只能在审批时签章',
    'zh-TW': '簽章欄位 {field} 只能在審批時簽章',
    'en-US': 'The signature field {field} is signed while approving, not when starting',
  },
  'sign.badEntries': {
    'zh-CN': '签章字段 {field} 的值不是签章列表',
    'zh-TW': '簽章欄位 {field} 的值不是簽章列表',
    'en-US': 'The signature field {field} does not hold a list of signatures',
  },
  'sign.notYourEntry': {
    'zh-CN': '签章字段 {field} 中只能添加或删除自己的签章',
    'zh-TW': '簽章欄位 {field} 中只能新增或刪除自己的簽章',
    'en-US': 'In the signature field {field} you may only add or remove your own signature',
  },
  'sign.oneEntry': {
    'zh-CN': '签章字段 {field} 每次只能签一个章',
    'zh-TW': '簽章欄位 {field} 每次只能簽一個章',
    'en-US': 'Sign the signature field {field} once at a time',
  },
  'sign.noGrant': {
    'zh-CN': '签章字段 {field} 的签章未经获取，请重新签章',
    'zh-TW': '簽章欄位 {field} 的簽章未經取得，請重新簽章',
    'en-US': 'The signature in {field} was not taken through the seal call: sign again',
  },
  'sign.signatureRequired': {
    'zh-CN': '请先在签章字段 {field} 签章',
    'zh-TW': '請先在簽章欄位 {field} 簽章',
    'en-US': 'Sign the signature field {field} first',
  },
  'sign.sealAdminsOnly': {
    'zh-CN': '只有管理员可以管理印章',
    'zh-TW': '只有管理員可以管理印章',
    'en-US': 'Only administrators may manage seals',
  },
} satisfies Record<string, Texts>;
