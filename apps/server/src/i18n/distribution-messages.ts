import type { Texts } from './messages.js';

/** Messages of distribution (分发) and the document library. */
export const distributionMessages = {
  'dish.notHandler': {
    'zh-CN': '只有流程的办理人（流程结束后还有发起人）可以分发或归档',
    'zh-TW': '只有流程的辦理人（流程結束後還有發起人）可以分發或歸檔',
    'en-US': 'Only a handler of the request (and, once it ended, its initiator) may distribute or file it',
  },
  'dish.notDistributable': {
    'zh-CN': '只有审批中或已通过的流程可以分发或归档',
    'zh-TW': '只有審批中或已通過的流程可以分發或歸檔',
    'en-US': 'Only a request in progress or approved can be distributed or filed',
  },
  'dish.notFound': {
    'zh-CN': '分发记录不存在：{id}',
    'zh-TW': '分發記錄不存在：{id}',
    'en-US': 'No such distribution: {id}',
  },
  'dish.orgNotFound': {
    'zh-CN': '组织不存在：{ids}',
    'zh-TW': '組織不存在：{ids}',
    'en-US': 'No such org: {ids}',
  },
  'dish.userNotFound': {
    'zh-CN': '用户不存在：{ids}',
    'zh-TW': '使用者不存在：{ids}',
    'en-US': 'No such user: {ids}',
  },
  'dish.userInactive': {
    'zh-CN': '参数错误：body.userIds 的用户“{name}”不是正常状态的用户',
    'zh-TW': '參數錯誤：body.userIds 的使用者「{name}」不是正常狀態的使用者',
    'en-US': 'Invalid input: body.userIds names {name}, who is not an active user',
  },
  'dish.noReceivers': {
    'zh-CN': '请至少选择一个组织或一位人员（不含自己）',
    'zh-TW': '請至少選擇一個組織或一位人員（不含自己）',
    'en-US': 'Choose at least one org or person other than yourself',
  },
  'dish.tooManyReceivers': {
    'zh-CN': '一次分发最多 {max} 人，所选共 {count} 人',
    'zh-TW': '一次分發最多 {max} 人，所選共 {count} 人',
    'en-US': 'One distribution reaches at most {max} people; the choice makes {count}',
  },
  'document.notFound': {
    'zh-CN': '文档不存在：{businessKey}',
    'zh-TW': '文件不存在：{businessKey}',
    'en-US': 'No such document: {businessKey}',
  },
} satisfies Record<string, Texts>;
