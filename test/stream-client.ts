// Reads a streamed answer over a real socket the way each kind of client reads it:
// - platform: exactly as the hosted platform's public clients do (line by line, lines not
//   starting with "{" skipped, content appended when present and not null, IDs taken from
//   any of the spellings those clients accept, finished only by TaskCompleted: true);
// - sse: a standard SSE parser (eventsource-parser);
// - ndjson: line by line JSON;
// The AI SDK framing is read by the `ai` package itself (readAiSdkStream below).
import { createParser } from 'eventsource-parser';

export type ClientFormat = 'platform' | 'sse' | 'ndjson';

export interface StreamedAnswer {
  status: number;
  headers: Headers;
  frames: Record<string, unknown>[];
  /** Keep-alives seen: SSE comments, or "blank line". */
  comments: string[];
  /** The body as an envelope when the server answered before streaming. */
  envelope?: Record<string, unknown>;
  /** What a platform client ends with (platform format only). */
  platform?: { text: string; questionId: number | null; answerId: number | null; completed: boolean };
}

export interface ReadOptions {
  format?: ClientFormat;
  /** Sent as X-Stream-Format (default: none, so the server's default framing). */
  streamFormat?: string;
  signal?: AbortSignal;
  onFrame?: (frame: Record<string, unknown>) => void;
}

function firstNumber(frame: Record<string, unknown>, names: string[]): number | null {
  for (const n of names) if (frame[n] !== undefined && frame[n] !== null) return Number(frame[n]);
  return null;
}

export async function readStream(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  opts: ReadOptions = {},
): Promise<StreamedAnswer> {
  const format = opts.format ?? 'platform';
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(format === 'platform' || format === 'sse' ? { accept: 'text/event-stream' } : {}),
      ...(format === 'ndjson' && !opts.streamFormat ? { accept: 'application/x-ndjson' } : {}),
      ...(opts.streamFormat ? { 'x-stream-format': opts.streamFormat } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
    signal: opts.signal,
  });
  const out: StreamedAnswer = { status: res.status, headers: res.headers, frames: [], comments: [] };
  if ((res.headers.get('content-type') ?? '').startsWith('application/json')) {
    out.envelope = (await res.json()) as Record<string, unknown>;
    return out;
  }
  const platform = { text: '', questionId: null as number | null, answerId: null as number | null, completed: false };
  const push = (frame: Record<string, unknown>) => {
    out.frames.push(frame);
    opts.onFrame?.(frame);
  };
  const onLine = (line: string) => {
    if (format === 'ndjson') {
      if (line.trim() === '') out.comments.push('blank line');
      else push(JSON.parse(line) as Record<string, unknown>);
      return;
    }
    // The platform client's loop.
    if (!line.startsWith('{')) {
      out.comments.push(line.trim() === '' ? 'blank line' : line);
      return;
    }
    const frame = JSON.parse(line) as Record<string, unknown>;
    push(frame);
    if (frame.content !== undefined && frame.content !== null) platform.text += String(frame.content);
    platform.questionId = firstNumber(frame, ['questionid', 'QuestionID']) ?? platform.questionId;
    platform.answerId = firstNumber(frame, ['messageid', 'AnswerId', 'AnswerID']) ?? platform.answerId;
    if (frame.TaskCompleted === true) platform.completed = true;
  };
  const parser = createParser({
    onEvent: (e) => push(JSON.parse(e.data) as Record<string, unknown>),
    onComment: (c) => out.comments.push(c.trim()),
  });
  if (!res.body) return out;
  const decoder = new TextDecoder();
  let pending = '';
  const reader = res.body.getReader();
  while (!platform.completed) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    if (format === 'sse') {
      parser.feed(text);
      continue;
    }
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  }
  if (format === 'platform') {
    // A platform client that never saw TaskCompleted would hang; here it is a failed read.
    if (!platform.completed) throw new Error('the stream ended without a TaskCompleted frame');
    await reader.cancel().catch(() => {});
    out.platform = platform;
  }
  return out;
}
