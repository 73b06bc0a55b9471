// The widget's entry, served as widget.js and embed.min.js. Either embed code works:
//   <script src="https://parlor.example/widget.js" data-chatbot="SERIAL" defer></script>
//   <script>window.chatpilotConfig = { chatbotId: "SERIAL", domain: "https://parlor.example" }</script>
//   <script src="https://parlor.example/embed.min.js" defer></script>
// and Parlor's own chat page loads it with data-mode="page".
import { embedTarget, type ScriptInfo } from './embed-config.ts';
import { HOST_ID, mount } from './mount.ts';

function info(el: Element | null): ScriptInfo | null {
  if (!(el instanceof HTMLScriptElement)) return null;
  return { src: el.src, chatbot: el.dataset.chatbot ?? '', mode: el.dataset.mode ?? '' };
}

// currentScript is null when the script is run some other way (a module, eval): then the
// embed.min.js tag tells where Parlor is.
const current = info(document.currentScript ?? document.querySelector('script[src*="embed.min.js"]'));
const target = embedTarget(
  current,
  window.chatpilotConfig,
  info(document.querySelector('script[data-chatbot][src*="widget.js"]')),
  location.href,
);
// One chat per page, also when a page carries both embed codes or loads the script twice.
if (target) {
  const go = () => {
    if (!document.getElementById(HOST_ID)) void mount(target);
  };
  if (document.body) go();
  else document.addEventListener('DOMContentLoaded', go);
}
