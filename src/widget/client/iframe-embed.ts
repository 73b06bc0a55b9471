// embed.iframe.js: the platform's iframe embed code, pointed at Parlor, works unchanged:
//   <script>window.newoaksIframeConfig = { chatbotId: "SERIAL", domain: "https://parlor.example" }</script>
//   <script src="https://parlor.example/embed.iframe.js" defer></script>
//   <iframe id="chatbot-iframe" src="https://parlor.example/chatbot-iframe/SERIAL"></iframe>
// It gives #chatbot-iframe its src when it has none (and makes the iframe when the page has
// none), and a size and border where the page set none. The iframe works without it.
import { parlorOrigin, serialOf } from './embed-config.ts';

const FRAME_ID = 'chatbot-iframe';
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;

function newFrame(): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.id = FRAME_ID;
  if (script?.parentNode && script.parentNode !== document.head) script.after(frame);
  else document.body.append(frame);
  return frame;
}

/** Sizes and borders the page did not set: the platform's defaults, never wider than the page. */
function fitFrame(frame: HTMLIFrameElement): void {
  const style = frame.style;
  if (!frame.getAttribute('width') && !style.width) {
    style.width = '100%';
    style.boxSizing = 'border-box';
    if (!style.maxWidth) style.maxWidth = '460px';
  }
  if (!frame.getAttribute('height') && !style.height) style.height = '600px';
  if (!frame.hasAttribute('frameborder') && !style.border) {
    style.border = '1px solid #e5e7eb';
    if (!style.borderRadius) style.borderRadius = '12px';
  }
  if (!frame.title) frame.title = 'Chat';
}

function fill(): void {
  const config = window.newoaksIframeConfig;
  const serial = serialOf(config?.chatbotId);
  const found = document.getElementById(FRAME_ID);
  const frame = found instanceof HTMLIFrameElement ? found : serial ? newFrame() : null;
  if (!frame) return;
  if (serial && !frame.getAttribute('src')) {
    // Push-to-talk needs the microphone, which a cross-origin frame only gets when allowed.
    if (!frame.hasAttribute('allow')) frame.setAttribute('allow', 'microphone');
    const base = parlorOrigin(config?.domain, script?.src ?? '', location.href);
    frame.src = `${base}/chatbot-iframe/${encodeURIComponent(serial)}`;
  }
  fitFrame(frame);
}

// Without defer the script runs before the iframe below it is parsed.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fill);
else fill();
