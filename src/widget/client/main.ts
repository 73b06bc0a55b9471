// widget.js: `<script src="https://parlor.example/widget.js" data-chatbot="SERIAL" defer>`
// puts the chat bubble on the page. Everything lives in a shadow root of one host element.
import { Api, ApiError } from './api.ts';
import { startChat, wirePanel } from './chat.ts';
import { h } from './dom.ts';
import { bubbleShell, chatShell } from './panel.ts';
import { ChatStore } from './store.ts';
import { CSS } from './styles.ts';

function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.chatbot) return current;
  return document.querySelector<HTMLScriptElement>('script[data-chatbot][src*="widget.js"]');
}

async function mount(script: HTMLScriptElement): Promise<void> {
  const serial = script.dataset.chatbot ?? '';
  const base = new URL(script.src, location.href).origin;
  const host = h('div', { id: 'parlor-widget' });
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.append(h('style', {}, CSS));
  document.body.append(host);

  const api = new Api(base);
  const store = new ChatStore(serial);
  const saved = store.load();
  let cfg: Awaited<ReturnType<Api['config']>>;
  try {
    cfg = await api.config(serial, saved?.sessionKey ?? '');
  } catch (x) {
    // Shown instead of the chat, e.g. a site the chatbot is not enabled on (403).
    const s = bubbleShell('Chat', 0, '', '');
    s.ask.remove();
    s.human.remove();
    s.chips.remove();
    const why = x instanceof ApiError ? x.message : 'the chat service is unreachable';
    s.log.replaceWith(h('p', { class: 'blocked', role: 'alert' }, `This chat is not available here: ${why}.`));
    shadow.append(s.root);
    wirePanel(s, () => s.close.focus());
    return;
  }
  store.use(cfg.RemoveChatLogOnBrowserClose);
  const lines = saved && saved.sessionId === cfg.SessionID ? saved.lines : [];
  const s = chatShell(cfg, base);
  shadow.append(s.root);
  startChat(s, api, cfg, store, lines);
  const panel = wirePanel(s, () => s.input.focus());
  if (cfg.ChatbotPopupOnce && store.firstPopup()) panel.open();
}

const script = ownScript();
if (script) {
  const go = () => void mount(script);
  if (document.body) go();
  else document.addEventListener('DOMContentLoaded', go);
}
