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
  'dish.notSender': {
    'zh-CN': '只有分发人（或管理员）可以提醒签收',
    'zh-TW': '只有分發人（或管理員）可以提醒簽收',
    'en-US': 'Only the sender (or an administrator) may remind the receivers',
  },
  'dish.allSigned': {
    'zh-CN': '所有接收人均已签收，无需提醒',
    'zh-TW': '所有接收人均已簽收，無需提醒',
    'en-US': 'Every receiver has signed for it: nobody to remind',
  },
  'dish.remindTooSoon': {
    'zh-CN': '每 {interval} 分钟最多提醒一次，请 {minutes} 分钟后再试',
    'zh-TW': '每 {interval} 分鐘最多提醒一次，請 {minutes} 分鐘後再試',
    'en-US': 'Receivers can be reminded once every {interval} minutes: try again in {minutes} minutes',
  },
  'dish.remindContent': {
    'zh-CN': '{sender} 提醒您签收分发文件：{subject}',
    'zh-TW': '{sender} 提醒您簽收分發文件：{subject}',
    'en-US': '{sender} reminds you to sign for the distributed document: {subject}',
  },
  'document.notFound': {
    'zh-CN': '文档不存在：{businessKey}',
    'zh-TW': '文件不存在：{businessKey}',
    'en-US': 'No such document: {businessKey}',
  },
} satisfies Record<string, Texts>;
