import { describe, expect, it } from 'vitest';
import { answerDraft, answerSubject, type MailDetail } from './compose';

const MAIL: MailDetail = {
  id: 'm1',
  accountId: 'a1',
  folderId: 'f1',
  subject: '周五例会',
  from: { name: '张伟', address: 'zhangwei@example.com' },
  to: [
    { name: '朱婷', address: 'ZhuTing@example.com' },
    { name: '林雪', address: 'linxue@example.com' },
  ],
  sendDate: '2026-11-27T08:00:00.000Z',
  isRead: true,
  hasAttachments: false,
  preview: '',
  cc: [
    { name: '', address: 'linxue@example.com' },
    { name: '', address: 'gaofeng@example.com' },
  ],
  bcc: [],
  replyTo: [],
  html: '<p>三点开始</p>',
  text: null,
  attachments: [],
  remoteImagesBlocked: false,
  messageId: null,
  inReplyTo: null,
  unreadable: null,
};

describe('answering a mail', () => {
  it('prefixes the subject once, whatever language the earlier answer used', () => {
    expect(answerSubject('周五例会', 'reply')).toBe('Re: 周五例会');
    expect(answerSubject('RE: 周五例会', 'reply')).toBe('RE: 周五例会');
    expect(answerSubject('回复：周五例会', 'reply')).toBe('回复：周五例会');
    expect(answerSubject('Re: 周五例会', 'forward')).toBe('Fwd: Re: 周五例会');
    expect(answerSubject('转发：周五例会', 'forward')).toBe('转发：周五例会');
  });

  it('a reply goes to the sender, or to its Reply-To; a reply to all never to the user, each address once', () => {
    const own = ['zhuting@example.com'];
    expect(answerDraft(MAIL, 'reply', own)).toMatchObject({
      accountId: 'a1',
      to: ['zhangwei@example.com'],
      cc: [],
      subject: 'Re: 周五例会',
      replyTo: { id: 'm1' },
    });
    const all = answerDraft(MAIL, 'replyAll', own);
    expect(all.to).toEqual(['zhangwei@example.com', 'linxue@example.com']);
    expect(all.cc).toEqual(['gaofeng@example.com']);
    const list = { ...MAIL, replyTo: [{ name: '', address: 'team@example.com' }] };
    expect(answerDraft(list, 'reply', own).to).toEqual(['team@example.com']);
  });

  it('a forward has no receivers yet and names the mail it forwards', () => {
    const forward = answerDraft(MAIL, 'forward', []);
    expect(forward).toMatchObject({ to: [], cc: [], subject: 'Fwd: 周五例会', forward: { id: 'm1' } });
    expect(forward.replyTo).toBeUndefined();
  });
});
