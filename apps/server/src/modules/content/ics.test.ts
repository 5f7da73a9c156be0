import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, utcDateTime } from './ics.js';

describe('iCalendar (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and line breaks in text (§3.3.11)', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('writes date-times in UTC form (§3.3.5)', () => {
    expect(utcDateTime(new Date('2026-11-24T08:30:05.123Z'))).toBe('20261124T083005Z');
  });

  it('folds lines over 75 octets without splitting a UTF-8 character (§3.1)', () => {
    const line = `SUMMARY:${'会议'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replaceAll('\r\n ', '')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('builds one VEVENT with organizer and attendees, CRLF line ends; people without mail are left out', () => {
    const text = buildIcs({
      uid: 'm1@t',
      title: '周会; 第1期',
      description: '一、回顾\n二、计划',
      location: '第一会议室',
      start: new Date('2026-11-24T01:00:00Z'),
      end: new Date('2026-11-24T02:00:00Z'),
      stamp: new Date('2026-11-23T00:00:00Z'),
      modified: new Date('2026-11-22T00:00:00Z'),
      organizer: { name: '张"伟', email: 'zw@example.com' },
      attendees: [
        { name: '李娜', email: 'ln@example.com' },
        { name: '无邮箱', email: null },
      ],
      url: null,
    });
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//EIP Portal//Meetings 8.0.7//ZH',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:m1@t',
      'DTSTAMP:20261123T000000Z',
      'LAST-MODIFIED:20261122T000000Z',
      'DTSTART:20261124T010000Z',
      'DTEND:20261124T020000Z',
      'SUMMARY:周会\\; 第1期',
      'LOCATION:第一会议室',
      'DESCRIPTION:一、回顾\\n二、计划',
      'ORGANIZER;CN="张伟":mailto:zw@example.com',
      'ATTENDEE;CN="李娜";ROLE=REQ-PARTICIPANT:mailto:ln@example.com',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });
});
