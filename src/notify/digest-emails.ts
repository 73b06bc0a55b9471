// The daily digests' contents: yesterday's conversations (EmailForDailyChatLogs, and the
// `conversation.daily` webhook) and yesterday's leads (EmailForDailyLeads).
import type { TranscriptMessage } from '../chat/index.ts';
import type { ChatbotSettings } from '../chatbots/index.ts';
import { type AppointmentSummaryData, type Lead, qualificationLines, qualificationOf } from '../leads/index.ts';
import {
  type EmailPayload,
  escapeHtml,
  historyHint,
  htmlDocument,
  linkify,
  subjectLine,
  transcriptHtml,
  transcriptText,
} from '../outbox/index.ts';

function recipients(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function bySession(messages: readonly TranscriptMessage[]): Map<number, TranscriptMessage[]> {
  const sessions = new Map<number, TranscriptMessage[]>();
  for (const m of messages) {
    const list = sessions.get(m.session_id) ?? [];
    list.push(m);
    sessions.set(m.session_id, list);
  }
  return sessions;
}

function localClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

export function chatLogDigest(
  bot: ChatbotSettings,
  day: string,
  messages: readonly TranscriptMessage[],
  publicUrl: string,
  truncated: boolean,
): EmailPayload {
  const name = bot.settings.Name;
  const sessions = bySession(messages);
  const text: string[] = [`Conversations with ${name} on ${day} (${bot.settings.TimeZone}): ${sessions.size}`, ''];
  let html = `<p>Conversations with <b>${escapeHtml(name)}</b> on ${day} (${escapeHtml(bot.settings.TimeZone)}): ${sessions.size}</p>`;
  for (const [sessionId, list] of sessions) {
    const started = localClock(list[0]?.created_at ?? '', bot.settings.TimeZone);
    const hint = historyHint(publicUrl, sessionId);
    text.push(`— Session ${sessionId}, from ${started} —`, transcriptText(list), hint.text, '');
    html += `<h3>Session ${sessionId}, from ${started}</h3>${transcriptHtml(list)}${hint.html}`;
  }
  if (truncated) {
    text.push('(More messages than fit in one email; read the rest with GetMessages.)');
    html += '<p>(More messages than fit in one email; read the rest with GetMessages.)</p>';
  }
  return {
    kind: 'email',
    to: recipients(bot.settings.EmailForDailyChatLogs),
    subject: subjectLine(name, `Conversations of ${day} (${sessions.size})`),
    text: text.join('\n'),
    html: htmlDocument(name, html),
  };
}

/** A showing as the digest lists it: "2026-03-07 10:00, 12 Oak St (MLS A1), booked". */
function showingText(a: AppointmentSummaryData): string {
  const where = a.Address ? `${a.Address}${a.MLSNumber ? ` (MLS ${a.MLSNumber})` : ''}` : 'a call with an agent';
  return `Showing ${a.Start.slice(0, 10)} ${a.Start.slice(11, 16)}, ${where}, ${a.Status}`;
}

/** The day's leads; a booked showing (a lead of Type Appointment) with its time, listing and status. */
export function leadDigest(
  bot: ChatbotSettings,
  day: string,
  leads: readonly Lead[],
  showings: ReadonlyMap<number, AppointmentSummaryData> = new Map(),
): EmailPayload {
  const name = bot.settings.Name;
  const tz = bot.settings.TimeZone;
  const text: string[] = [`Leads from ${name} on ${day} (${tz}): ${leads.length}`, ''];
  let rows = '';
  for (const l of leads) {
    const at = localClock(l.created_at, tz);
    const contact = [l.email, l.phone].filter(Boolean).join(', ');
    const showing = showings.get(l.id);
    text.push(`${at}  ${l.name} — ${contact}${l.session_id ? ` (session ${l.session_id})` : ''}`);
    if (showing) text.push(`       ${showingText(showing)}`);
    // The qualification as a block of labelled lines under the lead, as the handoff email has it.
    const qualified = qualificationLines(qualificationOf(l)).map(([k, v]) => `${k}: ${v}`);
    for (const line of qualified) text.push(`       ${line}`);
    if (l.message) text.push(`       ${l.message}`);
    const block = qualified.map(escapeHtml).join('<br>');
    const said = [showing ? escapeHtml(showingText(showing)) : '', block, linkify(l.message)]
      .filter(Boolean)
      .join('<br>');
    rows +=
      `<tr><td>${at}</td><td>${escapeHtml(l.name)}</td><td>${escapeHtml(l.email)}</td>` +
      `<td>${escapeHtml(l.phone)}</td><td>${said}</td><td>${l.session_id ?? ''}</td></tr>`;
  }
  const html =
    `<p>Leads from <b>${escapeHtml(name)}</b> on ${day} (${escapeHtml(tz)}): ${leads.length}</p>` +
    `<table cellpadding="4"><tr><th>Time</th><th>Name</th><th>Email</th><th>Phone</th><th>Message</th><th>Session</th></tr>${rows}</table>`;
  return {
    kind: 'email',
    to: recipients(bot.settings.EmailForDailyLeads),
    subject: subjectLine(name, `Leads of ${day} (${leads.length})`),
    text: text.join('\n'),
    html: htmlDocument(name, html),
  };
}

export function conversationDailyBody(
  bot: ChatbotSettings,
  day: string,
  messages: readonly TranscriptMessage[],
): string {
  return JSON.stringify({
    event: 'conversation.daily',
    chatbot: { serialNumber: bot.serialNumber, name: bot.settings.Name },
    date: day,
    timeZone: bot.settings.TimeZone,
    conversations: [...bySession(messages)].map(([sessionId, list]) => ({
      sessionId,
      messages: list
        .filter((m) => m.content.trim() !== '')
        .map((m) => ({ role: m.role, content: m.content, createdAt: m.created_at })),
    })),
  });
}
