import type { Texts } from './messages.js';

/** Messages of personal mail (spec §7 "Mail and messages"). */
export const mailMessages = {
  'mail.accountNotFound': {
    'zh-CN': '邮箱账号不存在：{id}',
    'zh-TW': '郵箱帳號不存在：{id}',
    'en-US': 'No such mail account: {id}',
  },
  'mail.notFound': {
    'zh-CN': '邮件不存在：{id}',
    'zh-TW': '郵件不存在：{id}',
    'en-US': 'No such mail: {id}',
  },
  'mail.goneFromServer': {
    'zh-CN': '邮件服务器上已没有这封邮件（可能已在别处删除或移动），请重新同步：{id}',
    'zh-TW': '郵件伺服器上已沒有這封郵件（可能已在別處刪除或移動），請重新同步：{id}',
    'en-US': 'The mail server no longer has this mail (deleted or moved elsewhere): sync again. {id}',
  },
  'mail.readFailed': {
    'zh-CN': '无法从邮件服务器读取这封邮件：{reason}',
    'zh-TW': '無法從郵件伺服器讀取這封郵件：{reason}',
    'en-US': 'The mail could not be read from the mail server: {reason}',
  },
  'mail.linkmanNotFound': {
    'zh-CN': '邮件联系人不存在：{id}',
    'zh-TW': '郵件聯絡人不存在：{id}',
    'en-US': 'No such mail contact: {id}',
  },
  'mail.fileNotFound': {
    'zh-CN': '附件不存在：{id}',
    'zh-TW': '附件不存在：{id}',
    'en-US': 'No such attachment: {id}',
  },
  'mail.badAddress': {
    'zh-CN': '邮箱地址格式不正确：{address}',
    'zh-TW': '郵箱位址格式不正確：{address}',
    'en-US': 'Not a valid e-mail address: {address}',
  },
  'mail.passwordRequired': {
    'zh-CN': '请输入邮箱密码',
    'zh-TW': '請輸入郵箱密碼',
    'en-US': 'Enter the mailbox password',
  },
  'mail.noRecipients': {
    'zh-CN': '请填写收件人',
    'zh-TW': '請填寫收件人',
    'en-US': 'Add at least one recipient',
  },
  'mail.replyAndForward': {
    'zh-CN': '不能同时回复和转发',
    'zh-TW': '不能同時回覆和轉寄',
    'en-US': 'A mail cannot both reply and forward',
  },
  'mail.sendFailed': {
    'zh-CN': '邮件发送失败：{reason}',
    'zh-TW': '郵件傳送失敗：{reason}',
    'en-US': 'The mail was not sent: {reason}',
  },
  'mail.test.ok': {
    'zh-CN': '连接成功：收信与发信服务器均可登录',
    'zh-TW': '連線成功：收信與發信伺服器均可登入',
    'en-US': 'Connected: both the incoming and the outgoing server accept the sign-in',
  },
  'mail.test.unreachable': {
    'zh-CN': '无法连接{server}服务器 {host}:{port}，请检查地址和端口',
    'zh-TW': '無法連線{server}伺服器 {host}:{port}，請檢查位址和連接埠',
    'en-US': 'Cannot reach the {server} server {host}:{port}: check the address and port',
  },
  'mail.test.timeout': {
    'zh-CN': '{server}服务器 {host}:{port} 响应超时',
    'zh-TW': '{server}伺服器 {host}:{port} 回應逾時',
    'en-US': 'The {server} server {host}:{port} did not answer in time',
  },
  'mail.test.certificate': {
    'zh-CN': '{server}服务器 {host} 的证书不受信任（如确认可信，请勾选“允许自签名证书”）',
    'zh-TW': '{server}伺服器 {host} 的憑證不受信任（如確認可信，請勾選「允許自簽憑證」）',
    'en-US':
      'The certificate of the {server} server {host} is not trusted (tick “allow self-signed” if you trust it)',
  },
  'mail.test.login': {
    'zh-CN': '{server}服务器拒绝登录，请检查账号和密码',
    'zh-TW': '{server}伺服器拒絕登入，請檢查帳號和密碼',
    'en-US': 'The {server} server refused the sign-in: check the account and password',
  },
  'mail.test.refused': {
    'zh-CN': '{server}服务器 {host}:{port} 拒绝了请求',
    'zh-TW': '{server}伺服器 {host}:{port} 拒絕了請求',
    'en-US': 'The {server} server {host}:{port} refused the request',
  },
} satisfies Record<string, Texts>;
