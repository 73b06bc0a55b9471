// The start-up banner: where the API is, and on first start the keys and a curl that
// works when pasted. Kept apart so later features can add their own lines (e.g. /demo).
import type { BootstrapOutcome } from './bootstrap.ts';

/** Wraps a value in single quotes for a POSIX shell. */
function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(publicUrl: string, apiKey: string, serialNumber: string, city = 'Austin'): string {
  const body = JSON.stringify({ SerialNumber: serialNumber, CityName: city });
  return [
    'curl -s -X POST',
    shellQuote(`${publicUrl}/chat/Chatbot/RealEstateList`),
    '-H',
    shellQuote(`Authorization: ${apiKey}`),
    '-H',
    shellQuote('Content-Type: application/json'),
    '-d',
    shellQuote(body),
  ].join(' ');
}

/** Where handoff e-mails go: the SMTP server, or .eml files in the data dir. */
export interface MailTarget {
  smtpUrl: string | null;
  outboxDir: string;
}

/** `notes`: more lines under the addresses (which ffmpeg video questions use, from serve.ts). */
export function bannerText(
  publicUrl: string,
  outcome: BootstrapOutcome,
  mail?: MailTarget,
  notes: readonly string[] = [],
): string {
  const lines = [
    '',
    `Parlor is listening on ${publicUrl}`,
    `  API docs: ${publicUrl}/docs`,
    `  Widget demo (open in a browser): ${publicUrl}/demo`,
    `  Console for staff: ${publicUrl}/console`,
  ];
  if (mail) {
    lines.push(
      mail.smtpUrl
        ? '  E-mails (handoffs, digests) go out through SMTP_URL.'
        : `  E-mails (handoffs, digests) are written as .eml files to ${mail.outboxDir} (set SMTP_URL to send them).`,
    );
  }
  lines.push(...notes);
  if (outcome.kind === 'created') {
    const { keys } = outcome;
    lines.push(
      '',
      `First start: created workspace ${keys.workspaceId} with a demo chatbot and ${outcome.listings} sample listings.`,
      `  API key:      ${keys.apiKey}`,
      `  Session key:  ${keys.sessionKey}`,
      `  Chatbot:      ${keys.serialNumber}`,
      `  Console:      ${publicUrl}/console — ${keys.ownerEmail} / ${keys.ownerPassword}`,
      `  Saved to ${outcome.file} (mode 0600); the keys and the password are not printed again.`,
      '',
      'Try it:',
      `  ${curlCommand(publicUrl, keys.apiKey, keys.serialNumber)}`,
    );
  } else if (outcome.kind === 'existing' && outcome.file) {
    lines.push(`  Keys and console password from the first start: ${outcome.file}`);
  }
  lines.push('');
  return `${lines.join('\n')}\n`;
}
