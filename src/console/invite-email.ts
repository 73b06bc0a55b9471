// The e-mail that carries an invitation link to the person invited (People page, "E-mail it to
// them"). The link is a credential for 72 hours: the queued message is marked to have its body
// forgotten once it is sent (outbox/repo.ts markSent), so the database keeps it only until then.
import { type EmailPayload, escapeHtml, htmlDocument } from '../outbox/index.ts';

export function inviteEmail(input: {
  to: string;
  name: string;
  role: 'owner' | 'agent';
  invitedBy: string;
  link: string;
  expiresAt: Date;
}): EmailPayload {
  const what =
    input.role === 'owner'
      ? 'Parlor, where your brokerage runs its website chat (as an owner: every page)'
      : 'Parlor, where your brokerage answers its website visitors (conversations and leads)';
  const until = input.expiresAt.toUTCString();
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const lines = [
    greeting,
    '',
    `${input.invitedBy} invited you to ${what}.`,
    `Open this link to choose your password and sign in. It works once, until ${until}:`,
    input.link,
    '',
    'If you did not expect this invitation, ignore this e-mail.',
  ];
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    `<p>${escapeHtml(input.invitedBy)} invited you to ${escapeHtml(what)}.</p>` +
    `<p><a href="${escapeHtml(input.link)}">Choose your password and sign in</a> (the link works once, until ` +
    `${escapeHtml(until)}).</p><p>If you did not expect this invitation, ignore this e-mail.</p>`;
  return {
    kind: 'email',
    to: [input.to],
    subject: 'Your invitation to Parlor',
    text: lines.join('\n'),
    html: htmlDocument('Your invitation to Parlor', html),
    forgetOnSend: true,
  };
}
