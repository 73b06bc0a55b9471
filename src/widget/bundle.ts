// The widget's scripts, built from src/widget/client/ (http/script-bundle.ts):
//   widget: widget.js and embed.min.js (the bubble, and the chat page of /chatbot-iframe/…)
//   iframe: embed.iframe.js (fills the platform's `<iframe id="chatbot-iframe">`)
import { fileURLToPath } from 'node:url';
import { buildScript, type ScriptBundle, scriptBundle } from '../http/script-bundle.ts';

export type WidgetBundle = ScriptBundle;

export const WIDGET_ENTRIES = {
  widget: fileURLToPath(new URL('./client/main.ts', import.meta.url)),
  iframe: fileURLToPath(new URL('./client/iframe-embed.ts', import.meta.url)),
} as const;

export type BundleName = keyof typeof WIDGET_ENTRIES;

export function buildWidget(name: BundleName = 'widget'): Promise<WidgetBundle> {
  return buildScript(WIDGET_ENTRIES[name]);
}

/** The built bundle, built at most once per process (a failed build is retried). */
export function widgetBundle(name: BundleName = 'widget'): Promise<WidgetBundle> {
  return scriptBundle(WIDGET_ENTRIES[name]);
}
