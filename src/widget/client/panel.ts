// The widget's DOM, built from the chatbot's public settings.
import type { WidgetConfig } from './api.ts';
import { chatIcon, h } from './dom.ts';
import { safeUrl } from './text.ts';

export interface Shell {
  root: HTMLDivElement;
  bubble: HTMLButtonElement;
  panel: HTMLElement;
  header: HTMLElement;
  body: HTMLDivElement;
  log: HTMLOListElement;
  chips: HTMLDivElement;
  ask: HTMLFormElement;
  input: HTMLInputElement;
  human: HTMLButtonElement;
  close: HTMLButtonElement;
  imageButton: HTMLButtonElement | null;
  imageInput: HTMLInputElement | null;
  micButton: HTMLButtonElement | null;
}

/** The bubble and an empty panel: enough to show a message when the chat can't load. */
export function bubbleShell(name: string, align: number, iconUrl: string, color: string): Shell {
  const root = h('div', { class: align === 1 ? 'pw left' : 'pw' });
  if (color) root.style.setProperty('--accent', color);
  const bubble = h('button', {
    class: 'bubble',
    type: 'button',
    'aria-label': `Open chat with ${name}`,
    'aria-expanded': 'false',
    'aria-controls': 'parlor-panel',
  });
  bubble.append(iconUrl ? h('img', { src: iconUrl, alt: '' }) : chatIcon());
  const close = h('button', { class: 'close', type: 'button', 'aria-label': 'Close chat' }, '×');
  const human = h('button', { class: 'human', type: 'button' }, 'Talk to a person');
  const header = h('header', {}, h('h2', {}, name), human, close);
  const log = h('ol', { class: 'log', 'aria-live': 'polite' });
  const chips = h('div', { class: 'chips' });
  const body = h('div', { class: 'body' }, log, chips);
  const input = h('input', { type: 'text', name: 'question', 'aria-label': 'Your question', autocomplete: 'off' });
  const ask = h('form', { class: 'ask' }, input, h('button', { type: 'submit', class: 'send' }, 'Send'));
  const panel = h(
    'section',
    { class: 'panel', id: 'parlor-panel', role: 'dialog', 'aria-label': name, hidden: true },
    header,
    body,
    ask,
  );
  root.append(panel, bubble);
  return {
    root,
    bubble,
    panel,
    header,
    body,
    log,
    chips,
    ask,
    input,
    human,
    close,
    imageButton: null,
    imageInput: null,
    micButton: null,
  };
}

/** The full shell for a loaded config. */
export function chatShell(cfg: WidgetConfig, base: string): Shell {
  const url = (u: string) => (u ? new URL(u, base).href : '');
  const s = bubbleShell(cfg.Name, cfg.ChatBubbleAlign, url(cfg.ChatIconUrl), cfg.ChatBubbleColor);
  s.root.style.setProperty('--user', cfg.UserMessageColor);
  if (cfg.ChatProfilePictureUrl) s.header.prepend(h('img', { src: url(cfg.ChatProfilePictureUrl), alt: '' }));
  s.input.placeholder = cfg.UserInputPlaceholder;

  const policyUrl = safeUrl(cfg.ChatbotPrivacyPolicyUrl);
  if (cfg.ChatbotPrivacyPolicyName || cfg.ChatbotPrivacyPolicyDescription || policyUrl) {
    const notice = h('div', { class: 'notice' });
    if (cfg.ChatbotPrivacyPolicyName) notice.append(h('strong', {}, cfg.ChatbotPrivacyPolicyName), ' ');
    if (cfg.ChatbotPrivacyPolicyDescription) notice.append(cfg.ChatbotPrivacyPolicyDescription, ' ');
    if (policyUrl) {
      notice.append(
        h(
          'a',
          { href: policyUrl, target: '_blank', rel: 'noopener noreferrer' },
          cfg.ChatbotPrivacyPolicyName || 'Privacy policy',
        ),
      );
    }
    s.body.prepend(notice);
  }

  for (const text of cfg.SuggestedMessages) s.chips.append(h('button', { class: 'chip', type: 'button' }, text));
  s.chips.hidden = cfg.SuggestedMessages.length === 0;

  const send = s.ask.lastElementChild;
  if (cfg.EnableUploadImage) {
    s.imageInput = h('input', { type: 'file', accept: 'image/png,image/jpeg,image/webp,image/gif', hidden: true });
    s.imageButton = h('button', { type: 'button', class: 'tool', 'aria-label': 'Send an image' }, '📷');
    s.ask.insertBefore(s.imageButton, s.input);
    s.ask.append(s.imageInput);
  }
  if (cfg.EnablePushToTalk) {
    s.micButton = h(
      'button',
      { type: 'button', class: 'tool mic', 'aria-label': 'Record a voice question', 'aria-pressed': 'false' },
      '🎤',
    );
    s.ask.insertBefore(s.micButton, send);
  }

  const links: [string, string][] = [
    ['Facebook', cfg.FacebookUrl],
    ['Instagram', cfg.InstagramUrl],
    ['WhatsApp', cfg.WhatsappUrl],
  ];
  const social = h('nav', { class: 'social', 'aria-label': 'Social links' });
  for (const [label, href] of links) {
    if (safeUrl(href))
      social.append(h('a', { href: safeUrl(href), target: '_blank', rel: 'noopener noreferrer' }, label));
  }
  if (social.childElementCount) s.panel.append(social);
  return s;
}

/** The chat as a whole page (Parlor's /chatbot-iframe/…): always open, no bubble to close it into. */
export function asPage(s: Shell): void {
  s.root.classList.add('page');
  s.bubble.remove();
  s.close.remove();
  s.panel.removeAttribute('role');
  s.panel.hidden = false;
}
