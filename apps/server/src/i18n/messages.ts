import { DEFAULT_LANGUAGE, type Language } from '@eip/contracts/codes';

type Texts = Record<Language, string>;

/**
 * Every message the server sends, in the three languages. zh-CN texts that the spec writes are used
 * verbatim. `{name}` placeholders are filled from the error's parameters.
 */
export const messages = {
  ok: { 'zh-CN': '操作成功', 'zh-TW': '操作成功', 'en-US': 'Done' },
  'error.internal': {
    'zh-CN': '服务器内部错误，请稍后重试（请求编号 {requestId}）',
    'zh-TW': '伺服器內部錯誤，請稍後重試（請求編號 {requestId}）',
    'en-US': 'Internal server error, please try again later (request id {requestId})',
  },
  'error.notFound': {
    'zh-CN': '请求的地址不存在：{url}',
    'zh-TW': '請求的位址不存在：{url}',
    'en-US': 'No such address: {url}',
  },
  'error.invalidInput': {
    'zh-CN': '参数错误：{field} {reason}',
    'zh-TW': '參數錯誤：{field} {reason}',
    'en-US': 'Invalid input: {field} {reason}',
  },
  'reason.required': { 'zh-CN': '不能为空', 'zh-TW': '不能為空', 'en-US': 'is required' },
  'reason.type': { 'zh-CN': '类型应为{type}', 'zh-TW': '類型應為{type}', 'en-US': 'must be of type {type}' },
  'reason.minLength': {
    'zh-CN': '长度不能少于{limit}',
    'zh-TW': '長度不能少於{limit}',
    'en-US': 'must have at least {limit} characters',
  },
  'reason.maxLength': {
    'zh-CN': '长度不能超过{limit}',
    'zh-TW': '長度不能超過{limit}',
    'en-US': 'must have at most {limit} characters',
  },
  'reason.minimum': {
    'zh-CN': '不能小于{limit}',
    'zh-TW': '不能小於{limit}',
    'en-US': 'must be at least {limit}',
  },
  'reason.maximum': {
    'zh-CN': '不能大于{limit}',
    'zh-TW': '不能大於{limit}',
    'en-US': 'must be at most {limit}',
  },
  'reason.minItems': {
    'zh-CN': '至少需要{limit}项',
    'zh-TW': '至少需要{limit}項',
    'en-US': 'must have at least {limit} items',
  },
  'reason.maxItems': {
    'zh-CN': '最多允许{limit}项',
    'zh-TW': '最多允許{limit}項',
    'en-US': 'must have at most {limit} items',
  },
  'reason.invalid': { 'zh-CN': '格式不正确', 'zh-TW': '格式不正確', 'en-US': 'is not valid' },
  'error.invalidJson': {
    'zh-CN': '请求体不是有效的JSON格式',
    'zh-TW': '請求內容不是有效的JSON格式',
    'en-US': 'The request body is not valid JSON',
  },
  'error.bodyTooLarge': {
    'zh-CN': '请求体过大',
    'zh-TW': '請求內容過大',
    'en-US': 'The request body is too large',
  },
  'error.unsupportedMediaType': {
    'zh-CN': '不支持的内容类型：{type}',
    'zh-TW': '不支援的內容類型：{type}',
    'en-US': 'Unsupported content type: {type}',
  },
  'auth.noToken': {
    'zh-CN': '未登录或登录已失效，请重新登录',
    'zh-TW': '未登入或登入已失效，請重新登入',
    'en-US': 'You are not signed in, please sign in',
  },
  'auth.invalidToken': {
    'zh-CN': '登录凭证无效或已过期，请重新登录',
    'zh-TW': '登入憑證無效或已過期，請重新登入',
    'en-US': 'Your sign-in has expired or is invalid, please sign in again',
  },
  'auth.badCredentials': {
    'zh-CN': '账号或密码错误',
    'zh-TW': '帳號或密碼錯誤',
    'en-US': 'Wrong account or password',
  },
  'auth.disabled': {
    'zh-CN': '账号已被禁用，请联系管理员',
    'zh-TW': '帳號已被停用，請聯絡管理員',
    'en-US': 'This account is disabled, please contact your administrator',
  },
  'auth.notActivated': {
    'zh-CN': '账号未激活，请联系管理员',
    'zh-TW': '帳號未啟用，請聯絡管理員',
    'en-US': 'This account is not activated yet, please contact your administrator',
  },
  'auth.resigned': {
    'zh-CN': '账号已离职，无法登录',
    'zh-TW': '帳號已離職，無法登入',
    'en-US': 'This account belongs to someone who has left and cannot sign in',
  },
  'auth.locked': {
    'zh-CN': '登录失败次数过多，账号已锁定，请在{minutes}分钟后重试',
    'zh-TW': '登入失敗次數過多，帳號已鎖定，請在{minutes}分鐘後重試',
    'en-US': 'Too many failed sign-ins: locked, please try again in {minutes} minutes',
  },
  'auth.badEncryption': {
    'zh-CN': '密码解密失败，请刷新页面后重试',
    'zh-TW': '密碼解密失敗，請重新整理頁面後重試',
    'en-US': 'The password could not be decrypted, please reload the page and try again',
  },
  'auth.unknownTenant': {
    'zh-CN': '租户不存在：{tenant}',
    'zh-TW': '租戶不存在：{tenant}',
    'en-US': 'No such tenant: {tenant}',
  },
  'auth.tenantDisabled': {
    'zh-CN': '租户已停用：{tenant}',
    'zh-TW': '租戶已停用：{tenant}',
    'en-US': 'This tenant is disabled: {tenant}',
  },
  'auth.forbidden': {
    'zh-CN': '没有权限执行此操作',
    'zh-TW': '沒有權限執行此操作',
    'en-US': 'You do not have permission to do this',
  },
  'pwd.wrongOld': {
    'zh-CN': '旧密码不正确',
    'zh-TW': '舊密碼不正確',
    'en-US': 'The old password is not correct',
  },
  'pwd.minLength': {
    'zh-CN': '新密码长度至少为{n}',
    'zh-TW': '新密碼長度至少為{n}',
    'en-US': 'The new password must have at least {n} characters',
  },
  'pwd.needDigitLetter': {
    'zh-CN': '新密码必须包含数字、字母',
    'zh-TW': '新密碼必須包含數字、字母',
    'en-US': 'The new password must contain digits and letters',
  },
  'pwd.needDigitLetterSpecial': {
    'zh-CN': '新密码必须包含数字、字母、特殊字符',
    'zh-TW': '新密碼必須包含數字、字母、特殊字元',
    'en-US': 'The new password must contain digits, letters and a special character',
  },
  'pwd.needDigitUpperLowerSpecial': {
    'zh-CN': '新密码必须包含数字、大小写字母、特殊字符',
    'zh-TW': '新密碼必須包含數字、大小寫字母、特殊字元',
    'en-US': 'The new password must contain digits, upper and lower case letters and a special character',
  },
  'pwd.sameAsOld': {
    'zh-CN': '新密码不能与旧密码相同',
    'zh-TW': '新密碼不能與舊密碼相同',
    'en-US': 'The new password must differ from the old one',
  },
  'uc.userNotFound': {
    'zh-CN': '用户不存在：{account}',
    'zh-TW': '使用者不存在：{account}',
    'en-US': 'No such user: {account}',
  },
  'uc.groupNotFound': {
    'zh-CN': '分组不存在：{id}',
    'zh-TW': '分組不存在：{id}',
    'en-US': 'No such group: {id}',
  },
  'uc.groupUserNotFound': {
    'zh-CN': '分组成员不存在：{id}',
    'zh-TW': '分組成員不存在：{id}',
    'en-US': 'No such group member: {id}',
  },
  'uc.notYourPost': {
    'zh-CN': '该岗位不属于当前用户：{postId}',
    'zh-TW': '該崗位不屬於目前使用者：{postId}',
    'en-US': 'This post is not one of yours: {postId}',
  },
  'uc.swapOtherGroups': {
    'zh-CN': '只能调整同一分组内成员的顺序',
    'zh-TW': '只能調整同一分組內成員的順序',
    'en-US': 'Only members of the same group can be reordered',
  },
  'flow.definitionNotFound': {
    'zh-CN': '流程定义不存在：{id}',
    'zh-TW': '流程定義不存在：{id}',
    'en-US': 'No such flow definition: {id}',
  },
  'flow.deployRefused': {
    'zh-CN': '流程定义无法发布：{problems}',
    'zh-TW': '流程定義無法發佈：{problems}',
    'en-US': 'The flow definition cannot be deployed: {problems}',
  },
  'flow.instanceNotFound': {
    'zh-CN': '流程实例不存在或无权查看：{id}',
    'zh-TW': '流程實例不存在或無權查看：{id}',
    'en-US': 'No such process instance, or not yours to see: {id}',
  },
  'flow.taskNotFound': {
    'zh-CN': '任务不存在或无权查看：{id}',
    'zh-TW': '任務不存在或無權查看：{id}',
    'en-US': 'No such task, or not yours to see: {id}',
  },
  'flow.taskHandled': {
    'zh-CN': '该任务已被处理，请刷新后查看',
    'zh-TW': '該任務已被處理，請重新整理後查看',
    'en-US': 'This task has already been handled; please refresh',
  },
  'flow.notYourTask': {
    'zh-CN': '您没有处理该任务的权限',
    'zh-TW': '您沒有處理該任務的權限',
    'en-US': 'You may not handle this task',
  },
  'flow.fieldReadOnly': {
    'zh-CN': '字段 {field} 在当前节点只读，不能修改',
    'zh-TW': '欄位 {field} 在目前節點唯讀，不能修改',
    'en-US': 'Field {field} is read-only at this step',
  },
  'flow.fieldRequired': {
    'zh-CN': '字段 {field} 必填',
    'zh-TW': '欄位 {field} 必填',
    'en-US': 'Field {field} is required',
  },
  'flow.conditionFailed': {
    'zh-CN': '流转条件计算失败：{expression}',
    'zh-TW': '流轉條件計算失敗：{expression}',
    'en-US': 'A routing condition could not be evaluated: {expression}',
  },
  'flow.noWayOn': {
    'zh-CN': '节点 {node} 没有满足条件的后续路径',
    'zh-TW': '節點 {node} 沒有滿足條件的後續路徑',
    'en-US': 'No outgoing path of {node} applies',
  },
  'flow.cannotRevoke': {
    'zh-CN': '流程已被处理，不能撤回',
    'zh-TW': '流程已被處理，不能撤回',
    'en-US': 'Someone has already acted on this request: it can no longer be withdrawn',
  },
  'flow.cannotRetrieve': {
    'zh-CN': '下一步已被处理，不能取回',
    'zh-TW': '下一步已被處理，不能取回',
    'en-US': 'The next step has already been acted on: the task can no longer be taken back',
  },
  'flow.badRejectTarget': {
    'zh-CN': '不能驳回到节点：{node}',
    'zh-TW': '不能駁回到節點：{node}',
    'en-US': 'The task cannot be sent back to {node}',
  },
  'flow.nodeNotYetRunnable': {
    'zh-CN': '暂不支持运行该类型的节点：{node}（{type}）',
    'zh-TW': '暫不支援執行該類型的節點：{node}（{type}）',
    'en-US': 'This kind of node cannot run yet: {node} ({type})',
  },
  'query.unknownProperty': {
    'zh-CN': '不支持的查询字段：{property}',
    'zh-TW': '不支援的查詢欄位：{property}',
    'en-US': 'Unknown query property: {property}',
  },
  'query.unknownOperation': {
    'zh-CN': '不支持的查询操作：{operation}',
    'zh-TW': '不支援的查詢操作：{operation}',
    'en-US': 'Unknown query operation: {operation}',
  },
  'query.expectText': {
    'zh-CN': '查询字段 {property} 的值应为文本',
    'zh-TW': '查詢欄位 {property} 的值應為文字',
    'en-US': 'Query property {property} expects text',
  },
  'query.expectNumber': {
    'zh-CN': '查询字段 {property} 的值应为数字',
    'zh-TW': '查詢欄位 {property} 的值應為數字',
    'en-US': 'Query property {property} expects a number',
  },
  'query.expectDate': {
    'zh-CN': '查询字段 {property} 的值应为日期（ISO 格式或毫秒数）',
    'zh-TW': '查詢欄位 {property} 的值應為日期（ISO 格式或毫秒數）',
    'en-US': 'Query property {property} expects an ISO date or epoch milliseconds',
  },
  'query.expectBoolean': {
    'zh-CN': '查询字段 {property} 的值应为 true 或 false',
    'zh-TW': '查詢欄位 {property} 的值應為 true 或 false',
    'en-US': 'Query property {property} expects true or false',
  },
  'query.textOnly': {
    'zh-CN': '查询字段 {property} 不支持该文本匹配操作',
    'zh-TW': '查詢欄位 {property} 不支援該文字比對操作',
    'en-US': 'Query property {property} is not text: this operation applies to text only',
  },
  'query.twoValues': {
    'zh-CN': '查询字段 {property} 的区间需要两个值',
    'zh-TW': '查詢欄位 {property} 的區間需要兩個值',
    'en-US': 'Query property {property} needs two values for a range',
  },
  'query.bothEndsEmpty': {
    'zh-CN': '查询字段 {property} 的区间两端不能都为空',
    'zh-TW': '查詢欄位 {property} 的區間兩端不能都為空',
    'en-US': 'Query property {property}: a range needs at least one end',
  },
  'query.badDirection': {
    'zh-CN': '排序字段 {property} 的方向应为 ASC 或 DESC',
    'zh-TW': '排序欄位 {property} 的方向應為 ASC 或 DESC',
    'en-US': 'Sort property {property}: direction must be ASC or DESC',
  },
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const texts: Texts = messages[key];
  const text = texts[lang] ?? texts[DEFAULT_LANGUAGE];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
