import type { Texts } from './messages.js';

/** Messages of news, notices and meetings, in the three languages. */
export const contentMessages = {
  'content.notFound': {
    'zh-CN': '内容不存在或无权查看：{id}',
    'zh-TW': '內容不存在或無權查看：{id}',
    'en-US': 'No such news, notice or meeting, or not yours to see: {id}',
  },
  'content.editorsOnly': {
    'zh-CN': '只有新闻管理员可以编辑、发布和删除新闻公告',
    'zh-TW': '只有新聞管理員可以編輯、發佈和刪除新聞公告',
    'en-US': 'Only news administrators may edit, publish and delete news and notices',
  },
  'content.titleRequired': {
    'zh-CN': '请输入标题',
    'zh-TW': '請輸入標題',
    'en-US': 'Please enter a title',
  },
  'content.classifyRequired': {
    'zh-CN': '请选择分类',
    'zh-TW': '請選擇分類',
    'en-US': 'Please choose a classification',
  },
  'content.classifyUnknown': {
    'zh-CN': '分类不存在：{id}',
    'zh-TW': '分類不存在：{id}',
    'en-US': 'No such classification: {id}',
  },
  'content.audienceRequired': {
    'zh-CN': '请选择可见范围：至少一个组织或角色',
    'zh-TW': '請選擇可見範圍：至少一個組織或角色',
    'en-US': 'Please choose who may read it: at least one org or role',
  },
  'content.orgUnknown': {
    'zh-CN': '可见范围中的组织不存在',
    'zh-TW': '可見範圍中的組織不存在',
    'en-US': 'An org of the audience does not exist',
  },
  'content.roleUnknown': {
    'zh-CN': '可见范围中的角色不存在',
    'zh-TW': '可見範圍中的角色不存在',
    'en-US': 'A role of the audience does not exist',
  },
  'content.expireInPast': {
    'zh-CN': '过期时间必须晚于当前时间',
    'zh-TW': '過期時間必須晚於目前時間',
    'en-US': 'The expiry must be in the future',
  },
  'content.coverUnknown': {
    'zh-CN': '封面图片不存在：{id}',
    'zh-TW': '封面圖片不存在：{id}',
    'en-US': 'No such cover image: {id}',
  },
  'content.coverNotImage': {
    'zh-CN': '封面必须是图片',
    'zh-TW': '封面必須是圖片',
    'en-US': 'The cover must be an image',
  },
  'content.kindChanged': {
    'zh-CN': '不能改变内容的类型（新闻、通知公告、会议）',
    'zh-TW': '不能改變內容的類型（新聞、通知公告、會議）',
    'en-US': 'The kind of an entry (news, notice, meeting) cannot change',
  },
  'content.meetingTimeRequired': {
    'zh-CN': '请填写会议的开始时间和结束时间',
    'zh-TW': '請填寫會議的開始時間和結束時間',
    'en-US': 'Please give the meeting’s start and end time',
  },
  'content.meetingTimeOrder': {
    'zh-CN': '会议的结束时间必须晚于开始时间',
    'zh-TW': '會議的結束時間必須晚於開始時間',
    'en-US': 'The meeting must end after it starts',
  },
  'content.roomRequired': {
    'zh-CN': '请选择会议室',
    'zh-TW': '請選擇會議室',
    'en-US': 'Please choose a meeting room',
  },
  'content.roomUnknown': {
    'zh-CN': '会议室不存在：{id}',
    'zh-TW': '會議室不存在：{id}',
    'en-US': 'No such meeting room: {id}',
  },
  'content.hostRequired': {
    'zh-CN': '请选择主持人',
    'zh-TW': '請選擇主持人',
    'en-US': 'Please choose the host',
  },
  'content.userUnknown': {
    'zh-CN': '主持人或参会人不存在或已停用',
    'zh-TW': '主持人或參會人不存在或已停用',
    'en-US': 'The host or a participant does not exist or is not active',
  },
  'content.roomTaken': {
    'zh-CN': '会议室“{room}”在 {start} 至 {end} 已被会议“{title}”预订，请更换时间或会议室',
    'zh-TW': '會議室「{room}」在 {start} 至 {end} 已被會議「{title}」預訂，請更換時間或會議室',
    'en-US':
      'Meeting room “{room}” is booked from {start} to {end} by “{title}”: please choose another time or room',
  },
  'content.notPublished': {
    'zh-CN': '只有已发布的内容可以撤回',
    'zh-TW': '只有已發佈的內容可以撤回',
    'en-US': 'Only a published entry can be withdrawn',
  },
  'content.notMeeting': {
    'zh-CN': '该内容不是会议：{id}',
    'zh-TW': '該內容不是會議：{id}',
    'en-US': 'This entry is not a meeting: {id}',
  },
} satisfies Record<string, Texts>;
