// /demo: a sample brokerage page with the widget, so a new user sees the product in a
// browser within a minute of `npm start`. It shows nothing but public things.
import { existsSync, readFileSync } from 'node:fs';
import { bootstrapFile } from '../setup/bootstrap.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f8fafc}
header{background:#0f172a;color:#fff;padding:20px 24px}header h1{margin:0;font-size:22px}
main{max-width:760px;margin:0 auto;padding:24px}code,pre{background:#e2e8f0;border-radius:6px}
pre{padding:12px;overflow:auto;white-space:pre-wrap;word-break:break-all}code{padding:1px 4px}`;

function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body>${body}${script}</body></html>`;
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
<p>Colours, texts, suggestions and features follow the chatbot's settings (<code>/chat/Chatbot/Edit</code>).</p></main>`,
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
