import { dataMessages } from './data-messages.js';
import { distributionMessages } from './distribution-messages.js';
import { DEFAULT_LANGUAGE, type Language } from '@eip/contracts/codes';
import { FORM_MESSAGES } from '@eip/contracts/utils';
import { contentMessages } from './content-messages.js';
import { fileMessages } from './file-messages.js';
import { flowMessages } from './flow-messages.js';
import { homeMessages } from './home-messages.js';
import { mailMessages } from './mail-messages.js';
import { miscMessages } from './misc-messages.js';
import { printMessages } from './print-messages.js';
import { queryMessages } from './query-messages.js';
import { signMessages } from './sign-messages.js';
import { ssoMessages } from './sso-messages.js';

export type Texts = Record<Language, string>;

type ReasonMessages = { [K in keyof typeof FORM_MESSAGES as `reason.${K}`]: Texts };

/** The form-message table under `reason.`: one wording of a failed check for the browser and the server. */
function reasonMessages(): ReasonMessages {
  return Object.fromEntries(
    Object.entries(FORM_MESSAGES).map(([key, texts]) => [`reason.${key}`, texts]),
  ) as ReasonMessages;
}

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
  // the reasons of a failed form or body check, worded as the browser words them under a field
  ...reasonMessages(),
  'error.invalidJson': {
    'zh-CN': '请求体不是有效的JSON格式',
    'zh-TW': '請求內容不是有效的JSON格式',
    'en-US': 'The request body is not valid JSON',
  },
  'error.jsonTooDeep': {
    'zh-CN': '请求体的JSON嵌套过深（最多{limit}层）',
    'zh-TW': '請求內容的JSON巢狀過深（最多{limit}層）',
    'en-US': 'The request body nests JSON too deeply (at most {limit} levels)',
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
  'auth.passwordNonceStale': {
    'zh-CN': '密码加密信息已过期，请重新提交',
    'zh-TW': '密碼加密資訊已過期，請重新提交',
    'en-US': 'The encrypted password has expired, please submit again',
  },
  'auth.passwordReplayed': {
    'zh-CN': '该加密密码已使用过，请重新输入密码',
    'zh-TW': '該加密密碼已使用過，請重新輸入密碼',
    'en-US': 'This encrypted password was already used, please enter the password again',
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
  'shortUrl.notFound': {
    'zh-CN': '短链接不存在或已失效：{code}',
    'zh-TW': '短連結不存在或已失效：{code}',
    'en-US': 'No such short link, or it has expired: {code}',
  },
  'shortUrl.badUrl': {
    'zh-CN': '长链接应为系统内的路径或 http(s) 地址：{url}',
    'zh-TW': '長連結應為系統內的路徑或 http(s) 位址：{url}',
    'en-US': 'A long address must be a path of the app or an http(s) address: {url}',
  },
  'shortUrl.credential': {
    'zh-CN': '短链接不能包含登录令牌、票据或授权码；分享给访客请选择访客链接',
    'zh-TW': '短連結不能包含登入權杖、票據或授權碼；分享給訪客請選擇訪客連結',
    'en-US':
      'A short link cannot carry a sign-in token, ticket or code; choose a guest link to share with guests',
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
  'personal.agentNotFound': {
    'zh-CN': '代理不存在：{id}',
    'zh-TW': '代理不存在：{id}',
    'en-US': 'No such agent: {id}',
  },
  'personal.agentSelf': {
    'zh-CN': '参数错误：body.agentId 不能是委托人本人',
    'zh-TW': '參數錯誤：body.agentId 不能是委託人本人',
    'en-US': 'Invalid input: body.agentId cannot be the principal themselves',
  },
  'personal.userInactive': {
    'zh-CN': '参数错误：{field} 的用户“{name}”不是正常状态的用户',
    'zh-TW': '參數錯誤：{field} 的使用者「{name}」不是正常狀態的使用者',
    'en-US': 'Invalid input: {field} names {name}, who is not an active user',
  },
  'personal.endBeforeStart': {
    'zh-CN': '参数错误：body.endTime 必须晚于 body.startTime',
    'zh-TW': '參數錯誤：body.endTime 必須晚於 body.startTime',
    'en-US': 'Invalid input: body.endTime must be after body.startTime',
  },
  'personal.flowKeysRequired': {
    'zh-CN': '参数错误：body.flowKeys 指定流程时至少选择一个流程',
    'zh-TW': '參數錯誤：body.flowKeys 指定流程時至少選擇一個流程',
    'en-US': 'Invalid input: body.flowKeys needs at least one flow when the scope is flows',
  },
  'personal.unknownFlow': {
    'zh-CN': '参数错误：{field} 的流程不存在：{defKey}',
    'zh-TW': '參數錯誤：{field} 的流程不存在：{defKey}',
    'en-US': 'Invalid input: {field} names no existing flow: {defKey}',
  },
  'personal.agentOverlap': {
    'zh-CN': '与已有代理（{agent}，{start} 至 {end}）的时间和流程重叠，同一流程同一时间只能有一个代理',
    'zh-TW': '與已有代理（{agent}，{start} 至 {end}）的時間和流程重疊，同一流程同一時間只能有一個代理',
    'en-US':
      'This overlaps an existing agent ({agent}, {start} to {end}) for the same flows: a flow has one agent at a time',
  },
  'personal.secretaryNotFound': {
    'zh-CN': '秘书设置不存在：{id}',
    'zh-TW': '秘書設定不存在：{id}',
    'en-US': 'No such secretary setting: {id}',
  },
  'personal.secretarySelf': {
    'zh-CN': '参数错误：body.secretaryId 不能是领导本人',
    'zh-TW': '參數錯誤：body.secretaryId 不能是領導本人',
    'en-US': 'Invalid input: body.secretaryId cannot be the leader themselves',
  },
  'personal.secretaryExists': {
    'zh-CN': '{secretary} 已是 {leader} 的秘书',
    'zh-TW': '{secretary} 已是 {leader} 的秘書',
    'en-US': '{secretary} is already a secretary of {leader}',
  },
  'personal.approvalItemNotFound': {
    'zh-CN': '常用语不存在：{id}',
    'zh-TW': '常用語不存在：{id}',
    'en-US': 'No such approval phrase: {id}',
  },
  'personal.unknownType': {
    'zh-CN': '参数错误：body.typeId 的流程分类不存在：{id}',
    'zh-TW': '參數錯誤：body.typeId 的流程分類不存在：{id}',
    'en-US': 'Invalid input: body.typeId names no flow type: {id}',
  },
  'personal.defIdOrKeyRequired': {
    'zh-CN': '参数错误：query.defId 或 query.defKey 不能都为空',
    'zh-TW': '參數錯誤：query.defId 或 query.defKey 不能都為空',
    'en-US': 'Invalid input: query.defId or query.defKey is required',
  },
  'personal.noStartRight': {
    'zh-CN': '您没有发起该流程的权限：{defKey}',
    'zh-TW': '您沒有發起該流程的權限：{defKey}',
    'en-US': 'You may not start this flow: {defKey}',
  },
  'personal.nodeNotFollowable': {
    'zh-CN': '参数错误：body.nodeIds 中的节点不是该流程的用户任务节点：{node}',
    'zh-TW': '參數錯誤：body.nodeIds 中的節點不是該流程的使用者任務節點：{node}',
    'en-US': 'Invalid input: body.nodeIds names {node}, which is no user task of this flow',
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
  'query.tooManyValues': {
    'zh-CN': '查询条件的值过多：最多{limit}个',
    'zh-TW': '查詢條件的值過多：最多{limit}個',
    'en-US': 'The query has too many values: at most {limit}',
  },
  'query.badDirection': {
    'zh-CN': '排序字段 {property} 的方向应为 ASC 或 DESC',
    'zh-TW': '排序欄位 {property} 的方向應為 ASC 或 DESC',
    'en-US': 'Sort property {property}: direction must be ASC or DESC',
  },
  'file.missing': {
    'zh-CN': '请选择要上传的文件',
    'zh-TW': '請選擇要上傳的檔案',
    'en-US': 'Choose a file to upload',
  },
  'file.tooLarge': {
    'zh-CN': '文件过大，不能超过 {limit} 字节',
    'zh-TW': '檔案過大，不能超過 {limit} 位元組',
    'en-US': 'The file is too large: at most {limit} bytes',
  },
  'message.notFound': {
    'zh-CN': '消息不存在：{id}',
    'zh-TW': '訊息不存在：{id}',
    'en-US': 'No such message: {id}',
  },
  'message.userNotFound': {
    'zh-CN': '收件人不存在：{ids}',
    'zh-TW': '收件人不存在：{ids}',
    'en-US': 'No such receiver: {ids}',
  },
  'message.orgNotFound': {
    'zh-CN': '组织不存在：{ids}',
    'zh-TW': '組織不存在：{ids}',
    'en-US': 'No such org: {ids}',
  },
  'message.groupNotFound': {
    'zh-CN': '常用联系人分组不存在：{ids}',
    'zh-TW': '常用聯絡人分組不存在：{ids}',
    'en-US': 'No such contact group of yours: {ids}',
  },
  'message.noReceivers': {
    'zh-CN': '请至少选择一位收件人（不含自己）',
    'zh-TW': '請至少選擇一位收件人（不含自己）',
    'en-US': 'Choose at least one receiver other than yourself',
  },
  'message.tooManyReceivers': {
    'zh-CN': '收件人共{count}位，一条消息最多发给{max}位；请改用通知公告',
    'zh-TW': '收件人共{count}位，一則訊息最多發給{max}位；請改用通知公告',
    'en-US': 'The message would reach {count} people, at most {max} are allowed; use a notice instead',
  },
  'message.subjectRequired': {
    'zh-CN': '请填写消息主题',
    'zh-TW': '請填寫訊息主旨',
    'en-US': 'Enter a subject',
  },
  'message.noSender': {
    'zh-CN': '系统消息不能回复',
    'zh-TW': '系統訊息不能回覆',
    'en-US': 'A system message cannot be replied to',
  },
  'file.notFound': {
    'zh-CN': '文件不存在或无权查看：{id}',
    'zh-TW': '檔案不存在或無權查看：{id}',
    'en-US': 'No such file, or not yours to see: {id}',
  },
  'file.contentMissing': {
    'zh-CN': '文件内容已丢失，请联系管理员（请求编号 {requestId}）',
    'zh-TW': '檔案內容已遺失，請聯絡管理員（請求編號 {requestId}）',
    'en-US': 'The file’s content is missing; please contact your administrator (request id {requestId})',
  },
  'file.notYours': {
    'zh-CN': '只能附上自己上传的文件',
    'zh-TW': '只能附上自己上傳的檔案',
    'en-US': 'You can only attach files you uploaded',
  },
  ...flowMessages,
  ...contentMessages,
  ...homeMessages,
  ...fileMessages,
  ...miscMessages,
  ...dataMessages,
  ...queryMessages,
  ...signMessages,
  ...mailMessages,
  ...ssoMessages,
  ...distributionMessages,
  ...printMessages,
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof messages;
/** A message inside another one's parameters (a reason inside "invalid input: {field} {reason}"). */
export interface MessageRef {
  key: MessageKey;
  params?: MessageParams;
}
export type MessageParams = Record<string, string | number | MessageRef>;

export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const texts: Texts = messages[key];
  const text = texts[lang] ?? texts[DEFAULT_LANGUAGE];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? translate(lang, value.key, value.params) : String(value);
  });
}
