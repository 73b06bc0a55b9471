// widget.js is built from src/widget/client/ by esbuild in-process, once, on first request:
// no build step to forget, and the served file always matches the code. esbuild itself is
// loaded then too, so a server nobody asks for the widget never loads it.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export interface WidgetBundle {
  code: string;
  etag: string;
}

const ENTRY = fileURLToPath(new URL('./client/main.ts', import.meta.url));

export async function buildWidget(): Promise<WidgetBundle> {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [ENTRY],
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

let cached: Promise<WidgetBundle> | null = null;

/** The built bundle, built at most once per process (a failed build is retried). */
export function widgetBundle(): Promise<WidgetBundle> {
  if (!cached) {
    cached = buildWidget();
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}
