// Reading a showing's e-mails as a mail client does: the text/calendar part of a received
// message (RFC 6047 iMIP), decoded, and parsed with a real iCalendar parser (ical.js, Mozilla's).
import ICAL from 'ical.js';
import { decodeMail } from '../smtp-sink.ts';

export interface ParsedInvite {
  method: string;
  uid: string;
  sequence: number;
  start: number;
  end: number;
  summary: string;
  location: string;
  url: string;
  status: string;
  organizer: string;
  attendees: string[];
}

/** The message's text/calendar alternative (decoded), and its METHOD parameter; null when none. */
export function calendarPart(raw: string): { method: string; text: string } | null {
  const m =
    /Content-Type: text\/calendar; charset=utf-8; method=(\w+)\r?\nContent-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    );
  if (!m) return null;
  const [, method = '', encoding = '', body = ''] = m;
  const text = encoding.toLowerCase() === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : decodeMail(body);
  return { method, text };
}

export function parseInvite(text: string): ParsedInvite {
  const cal = new ICAL.Component(ICAL.parse(text));
  const vevent = cal.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const ev = new ICAL.Event(vevent);
  const prop = (name: string) => String(vevent.getFirstPropertyValue(name) ?? '');
  // A URI scheme is case-insensitive (RFC 3986): ical-generator writes attendees' as MAILTO.
  const address = (value: unknown) => String(value).replace(/^mailto:/i, 'mailto:');
  return {
    method: String(cal.getFirstPropertyValue('method') ?? ''),
    uid: ev.uid,
    sequence: ev.sequence,
    start: ev.startDate.toJSDate().getTime(),
    end: ev.endDate.toJSDate().getTime(),
    summary: ev.summary,
    location: ev.location,
    url: prop('url'),
    status: prop('status'),
    organizer: address(prop('organizer')),
    attendees: vevent.getAllProperties('attendee').map((p) => address(p.getFirstValue())),
  };
}
