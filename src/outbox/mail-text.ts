// Building blocks of Parlor's emails: every email is plain text plus simple HTML built
// from the same lines, with the visitor's and the chatbot's words escaped and their
// http(s) links (listing URLs) kept clickable.
import type { TranscriptMessage } from '../chat/index.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** Escaped text with its http(s) URLs as links; trailing punctuation stays outside the link. */
export function linkify(s: string): string {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(URL_PATTERN)) {
    const url = m[0].replace(/[.,;:!?]+$/, '');
    const at = m.index ?? 0;
    out += escapeHtml(s.slice(last, at));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = at + url.length;
  }
  return out + escapeHtml(s.slice(last));
}

export function speaker(role: string): string {
  return role === 'user' ? 'Visitor' : role === 'agent' ? 'Agent' : 'Chatbot';
}

/** Transcript lines "Visitor: …" / "Chatbot: …"; empty (failed) answers are left out. */
export function transcriptText(messages: readonly TranscriptMessage[]): string {
  return messages
    .filter((m) => m.content.trim() !== '')
    .map((m) => `${speaker(m.role)}: ${m.content}`)
    .join('\n');
}

export function transcriptHtml(messages: readonly TranscriptMessage[]): string {
  const items = messages
    .filter((m) => m.content.trim() !== '')
    .map((m) => `<p style="margin:4px 0"><b>${speaker(m.role)}:</b> ${linkify(m.content).replace(/\n/g, '<br>')}</p>`);
  return items.join('\n');
}

/** A complete HTML document around a body fragment. */
export function htmlDocument(title: string, body: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:sans-serif;font-size:14px;line-height:1.4">${body}</body></html>`
  );
}

/** The email subject: the chatbot's name first, so that a mailbox with several reads well. */
export function subjectLine(chatbotName: string, what: string): string {
  return `[${chatbotName.replace(/[\r\n]+/g, ' ')}] ${what.replace(/[\r\n]+/g, ' ')}`;
}

/** Where a session's full history is: the conversation's page in the console. */
export function historyHint(publicUrl: string, sessionId: number): { text: string; html: string } {
  const link = conversationLink(publicUrl, sessionId);
  return {
    text: `Open the conversation (and reply) in the console: ${link}`,
    html: `<p><a href="${escapeHtml(link)}">Open the conversation in the console</a> to read it all and reply.</p>`,
  };
}

export function conversationLink(publicUrl: string, sessionId: number): string {
  return `${publicUrl}/console#/conversations/${sessionId}`;
}
