// /chatbot-iframe/SERIAL: the chat as a page of its own, for the platform's iframe embed
// code. The widget's own script draws it (data-mode="page": open, filling the viewport, no
// bubble), so it follows the same settings as the bubble.
import { escapeHtml, htmlPage } from '../http/html-page.ts';

const STYLE = 'html,body{margin:0;height:100%;background:#fff;font:16px/1.5 system-ui,sans-serif;color:#1f2937}';

function page(title: string, body: string): string {
  return htmlPage(title, STYLE, body);
}

export function chatPage(name: string, serialNumber: string): string {
  return page(
    name,
    `<noscript><p style="padding:16px">This chat needs JavaScript.</p></noscript>
<script src="/widget.js" data-chatbot="${escapeHtml(serialNumber)}" data-mode="page" defer></script>`,
  );
}

export function noChatPage(serialNumber: string): string {
  return page('Chat not found', `<p style="padding:16px">There is no chatbot "${escapeHtml(serialNumber)}".</p>`);
}
