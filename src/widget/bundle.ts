// The widget's scripts are built from src/widget/client/ by esbuild in-process, once each,
// on first request: no build step to forget, and the served file always matches the code.
// esbuild itself is loaded then too, so a server nobody asks for the widget never loads it.
//   widget: widget.js and embed.min.js (the bubble, and the chat page of /chatbot-iframe/…)
//   iframe: embed.iframe.js (fills the platform's `<iframe id="chatbot-iframe">`)
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export interface WidgetBundle {
  code: string;
  etag: string;
}

const ENTRIES = {
  widget: fileURLToPath(new URL('./client/main.ts', import.meta.url)),
  iframe: fileURLToPath(new URL('./client/iframe-embed.ts', import.meta.url)),
} as const;

export type BundleName = keyof typeof ENTRIES;

export async function buildWidget(name: BundleName = 'widget'): Promise<WidgetBundle> {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [ENTRIES[name]],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]?.text ?? '';
  return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 22)}"` };
}

const cached = new Map<BundleName, Promise<WidgetBundle>>();

/** The built bundle, built at most once per process (a failed build is retried). */
export function widgetBundle(name: BundleName = 'widget'): Promise<WidgetBundle> {
  let bundle = cached.get(name);
  if (!bundle) {
    bundle = buildWidget(name);
    cached.set(name, bundle);
    bundle.catch(() => cached.delete(name));
  }
  return bundle;
}
