// Reads a streamed answer over a real socket with a standard SSE parser (eventsource-parser)
// or line by line for NDJSON.
import { createParser } from 'eventsource-parser';

export interface StreamedAnswer {
  status: number;
  headers: Headers;
  frames: Record<string, unknown>[];
  comments: string[];
  /** The body as an envelope when the server answered before streaming. */
  envelope?: Record<string, unknown>;
}

export async function readStream(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  opts: { ndjson?: boolean; signal?: AbortSignal; onFrame?: (frame: Record<string, unknown>) => void } = {},
): Promise<StreamedAnswer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(opts.ndjson ? { accept: 'application/x-ndjson' } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
    signal: opts.signal,
  });
  const out: StreamedAnswer = { status: res.status, headers: res.headers, frames: [], comments: [] };
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) {
    out.envelope = (await res.json()) as Record<string, unknown>;
    return out;
  }
  const push = (frame: Record<string, unknown>) => {
    out.frames.push(frame);
    opts.onFrame?.(frame);
  };
  const parser = createParser({
    onEvent: (e) => push(JSON.parse(e.data) as Record<string, unknown>),
    onComment: (c) => out.comments.push(c.trim()),
  });
  const decoder = new TextDecoder();
  let pending = '';
  if (!res.body) return out;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    if (!opts.ndjson) {
      parser.feed(text);
      continue;
    }
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') out.comments.push('blank line');
      else push(JSON.parse(line) as Record<string, unknown>);
    }
  }
  return out;
}
