// Where an embed code says the chatbot and Parlor are: `data-chatbot` on widget.js's script
// tag, or the hosted platform's globals, `window.chatpilotConfig` (the bubble, embed.min.js)
// and `window.newoaksIframeConfig` (the page, embed.iframe.js), both `{chatbotId, domain}`.
// Pure functions over what the page gives, so they are unit-tested without a browser.

/** The platform's embed config as pages write it; anything may be missing or mistyped. */
export interface PlatformEmbedConfig {
  chatbotId?: unknown;
  domain?: unknown;
}

declare global {
  interface Window {
    chatpilotConfig?: PlatformEmbedConfig;
    newoaksIframeConfig?: PlatformEmbedConfig;
    /** The platform's bubble exposes these; pages call them to open or close the chat. */
    newoaksActions?: { openBubble(): void; closeBubble(): void };
  }
}

export interface EmbedTarget {
  serial: string;
  /** Parlor's origin, where the widget sends its requests. */
  base: string;
  /** A bubble on someone's page, or the chat as a page of its own (/chatbot-iframe/…). */
  /** preview: the console's live preview, drawn from settings it posts (no session). */
  mode: 'bubble' | 'page' | 'preview';
}

/** The chatbot's serial number from a config value ("" when there is none). */
export function serialOf(chatbotId: unknown): string {
  return typeof chatbotId === 'string' || typeof chatbotId === 'number' ? String(chatbotId).trim() : '';
}

function originOf(url: string, base: string): string | null {
  try {
    const u = new URL(url, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Parlor's origin from the config's `domain` as people write it ("https://parlor.example.com",
 * "parlor.example.com", a trailing slash or path), else the origin the script came from.
 * A domain without a scheme gets the script's own scheme, so a plain-http test server works.
 */
export function parlorOrigin(domain: unknown, scriptSrc: string, pageHref: string): string {
  const own = originOf(scriptSrc, pageHref) ?? originOf(pageHref, pageHref) ?? '';
  const d = typeof domain === 'string' ? domain.trim() : '';
  if (!d) return own;
  const scheme = own.startsWith('http:') ? 'http:' : 'https:';
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(d) ? d : d.startsWith('//') ? scheme + d : `${scheme}//${d}`;
  return originOf(absolute, pageHref) ?? own;
}

/** What a script tag says about itself (widget.js's `data-chatbot`, `data-mode`). */
export interface ScriptInfo {
  src: string;
  chatbot: string;
  mode: string;
}

/**
 * Which chatbot to mount and where Parlor is: the running script's `data-chatbot`, else the
 * platform's chatpilotConfig, else a widget.js tag elsewhere on the page; null when none says.
 */
export function embedTarget(
  current: ScriptInfo | null,
  config: PlatformEmbedConfig | undefined,
  tagged: ScriptInfo | null,
  pageHref: string,
): EmbedTarget | null {
  const fromTag = (s: ScriptInfo): EmbedTarget => ({
    serial: s.chatbot,
    base: originOf(s.src, pageHref) ?? '',
    mode: s.mode === 'page' || s.mode === 'preview' ? s.mode : 'bubble',
  });
  if (current?.chatbot) return fromTag(current);
  const serial = serialOf(config?.chatbotId);
  if (serial) return { serial, base: parlorOrigin(config?.domain, current?.src ?? '', pageHref), mode: 'bubble' };
  return tagged?.chatbot ? fromTag(tagged) : null;
}
