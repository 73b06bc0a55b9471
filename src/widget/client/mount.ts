// Puts the chat on the page: a bubble in a corner (widget.js, embed.min.js), or the chat
// filling the whole page (/chatbot-iframe/SERIAL). Everything lives in a shadow root of one
// host element, so the page's CSS and the widget's don't mix.
import { Api, ApiError, type WidgetConfig } from './api.ts';
import { startChat, wirePanel } from './chat.ts';
import { h } from './dom.ts';
import type { EmbedTarget } from './embed-config.ts';
import { asPage, bubbleShell, chatShell, type Shell } from './panel.ts';
import { ChatStore } from './store.ts';
import { CSS } from './styles.ts';

export const HOST_ID = 'parlor-widget';

/** Shown instead of the chat, e.g. on a site the chatbot is not enabled on (403). */
function blockedShell(x: unknown): Shell {
  const s = bubbleShell('Chat', 0, '', '');
  s.ask.remove();
  s.human.remove();
  s.chips.remove();
  const why = x instanceof ApiError ? x.message : 'the chat service is unreachable';
  s.log.replaceWith(h('p', { class: 'blocked', role: 'alert' }, `This chat is not available here: ${why}.`));
  return s;
}

/**
 * The console's live preview (/console/preview): the bubble and the open panel drawn from the
 * public settings its parent page posts (same origin only) each time a setting changes; no
 * session is opened, nothing is asked, and its controls are disabled.
 */
function mountPreview(shadow: ShadowRoot, base: string): void {
  let shown: Shell | null = null;
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== location.origin || e.source !== window.parent) return;
    const data = e.data as { type?: string; config?: WidgetConfig };
    if (data?.type !== 'parlor-preview' || !data.config) return;
    const s = chatShell(data.config, base);
    if (data.config.WelcomeMessage) s.log.append(h('li', { class: 'msg bot' }, data.config.WelcomeMessage));
    // A picture of the chat, not a chat: its controls are shown but do nothing, and say so.
    s.panel.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button').forEach((control) => {
      control.disabled = true;
    });
    s.input.placeholder = 'Preview: chat in the live widget';
    s.panel.hidden = false;
    s.bubble.setAttribute('aria-expanded', 'true');
    if (shown) shown.root.replaceWith(s.root);
    else shadow.append(s.root);
    shown = s;
  });
  window.parent.postMessage({ type: 'parlor-preview-ready' }, location.origin);
}

export async function mount({ serial, base, mode }: EmbedTarget): Promise<void> {
  const host = h('div', { id: HOST_ID });
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.append(h('style', {}, CSS));
  document.body.append(host);
  if (mode === 'preview') return mountPreview(shadow, base);

  const api = new Api(base);
  const store = new ChatStore(serial);
  const saved = store.load();
  let cfg: WidgetConfig;
  try {
    cfg = await api.config(serial, saved?.sessionKey ?? '');
  } catch (x) {
    const s = blockedShell(x);
    shadow.append(s.root);
    if (mode === 'page') asPage(s);
    else wirePanel(s, () => s.close.focus());
    return;
  }
  store.use(cfg.RemoveChatLogOnBrowserClose);
  const lines = saved && saved.sessionId === cfg.SessionID ? saved.lines : [];
  const s = chatShell(cfg, base);
  shadow.append(s.root);
  startChat(s, api, cfg, store, lines, saved && saved.sessionId === cfg.SessionID ? (saved.agentAfter ?? 0) : 0);
  if (mode === 'page') {
    asPage(s);
    return;
  }
  const panel = wirePanel(s, () => s.input.focus());
  // The platform's bubble offers these to the page; scripts written for it keep working.
  window.newoaksActions = { openBubble: panel.open, closeBubble: panel.close };
  if (cfg.ChatbotPopupOnce && store.firstPopup()) panel.open();
}
