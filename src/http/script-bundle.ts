// Browser scripts built from TypeScript by esbuild in-process, once each, on first request:
// no build step to forget, and the served file always matches the code. esbuild itself is
// loaded then too, so a server nobody asks for a script never loads it.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ScriptBundle {
  code: string;
  etag: string;
}

export async function buildScript(entry: string): Promise<ScriptBundle> {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [entry],
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

const cached = new Map<string, Promise<ScriptBundle>>();

/** The built bundle of an entry file, built at most once per process (a failed build is retried). */
export function scriptBundle(entry: string): Promise<ScriptBundle> {
  let bundle = cached.get(entry);
  if (!bundle) {
    bundle = buildScript(entry);
    cached.set(entry, bundle);
    bundle.catch(() => cached.delete(entry));
  }
  return bundle;
}

/** Sends a bundle as JavaScript with its ETag (304 when the browser has it). */
export async function sendBundle(entry: string, req: FastifyRequest, reply: FastifyReply, crossOrigin: boolean) {
  const bundle = await scriptBundle(entry);
  reply
    .header('content-type', 'text/javascript; charset=utf-8')
    .header('cache-control', crossOrigin ? 'public, max-age=300' : 'no-cache')
    .header('etag', bundle.etag);
  if (crossOrigin) reply.header('cross-origin-resource-policy', 'cross-origin');
  if (req.headers['if-none-match'] === bundle.etag) return reply.code(304).send();
  return reply.send(bundle.code);
}
