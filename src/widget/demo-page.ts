// /demo: a sample brokerage page with the widget, so a new user sees the product in a
// browser within a minute of `npm start`. It shows nothing but public things.
import { existsSync, readFileSync } from 'node:fs';
import { escapeHtml, htmlPage, PAGE_STYLE } from '../http/html-page.ts';
import { bootstrapFile } from '../setup/index.ts';

/** The demo chatbot's serial number from <dataDir>/bootstrap.json, or null. */
export function bootstrapSerial(dataDir: string): string | null {
  const file = bootstrapFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { serialNumber?: unknown };
    return typeof parsed.serialNumber === 'string' && parsed.serialNumber ? parsed.serialNumber : null;
  } catch {
    return null;
  }
}

export function embedSnippet(publicUrl: string, serialNumber: string): string {
  return `<script src="${publicUrl}/widget.js" data-chatbot="${serialNumber}" defer></script>`;
}

function page(title: string, body: string, script = ''): string {
  return htmlPage(title, PAGE_STYLE, `${body}${script}`);
}

export function demoPage(publicUrl: string, serialNumber: string): string {
  const serial = escapeHtml(serialNumber);
  return page(
    'Demo Realty — Parlor widget demo',
    `<header><h1>Demo Realty</h1><div>Homes for sale and rent in Austin, Dallas and Houston</div></header>
<main><h2>Find your next home</h2>
<p>This is a sample brokerage page. The chat bubble in the corner is Parlor's widget for chatbot
<code>${serial}</code>: open it, pick a suggestion or ask about homes, and leave your details to talk to a person.</p>
<p>Put it on any page with one line:</p><pre>${escapeHtml(embedSnippet(publicUrl, serialNumber))}</pre>
<p>Colours, texts, suggestions and features follow the chatbot's settings: change them in the
<a href="/console#/chatbots">console</a>, under Chatbots, and reload this page.</p></main>`,
    `<script src="/widget.js" data-chatbot="${serial}" defer></script>`,
  );
}

export function noDemoPage(publicUrl: string, reason: string): string {
  return page(
    'Parlor widget demo',
    `<header><h1>Parlor widget demo</h1></header><main><p>${escapeHtml(reason)}</p>
<p>Create a chatbot (<code>npx parlor chatbot create</code> or <code>/chat/Chatbot/Add</code>), then open
<code>/demo?chatbot=SERIAL</code>, or put the widget on your own page:</p>
<pre>${escapeHtml(embedSnippet(publicUrl, 'SERIAL'))}</pre></main>`,
  );
}
