/** A meeting as RFC 5545 needs it. */
export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  /** when the file was made (DTSTAMP) */
  stamp: Date;
  /** when the meeting last changed (LAST-MODIFIED) */
  modified: Date;
  organizer: CalendarPerson | null;
  attendees: CalendarPerson[];
  url: string | null;
}

export interface CalendarPerson {
  name: string;
  email: string | null;
}

const LINE_OCTETS = 75;

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks in TEXT values are escaped. */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // other control characters are not allowed in TEXT
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** A parameter value (CN=…): quoted, without the double quotes and controls a quoted value may not hold. */
// eslint-disable-next-line no-control-regex
const paramValue = (text: string) => `"${text.replace(/["\u0000-\u001f\u007f]/g, '')}"`;

/** UTC date-time form 2 of RFC 5545 §3.3.5: 20261124T083000Z. */
export const utcDateTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and one space), never inside a UTF-8
 * character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const person = (property: string, who: CalendarPerson, extra = '') =>
  who.email ? [`${property};CN=${paramValue(who.name)}${extra}:mailto:${who.email}`] : [];

/** One meeting as an iCalendar file (a VCALENDAR with one VEVENT), CRLF line ends. */
export function buildIcs(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//EIP Portal//Meetings 8.0.7//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `LAST-MODIFIED:${utcDateTime(event.modified)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer ? person('ORGANIZER', event.organizer) : []),
    ...event.attendees.flatMap((who) => person('ATTENDEE', who, ';ROLE=REQ-PARTICIPANT')),
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
