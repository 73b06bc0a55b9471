// How a streamed answer is framed on the wire. The objects are the same in every framing
// (partial {"content"}, then a final {"QuestionID", "AnswerID", "Answer", "TotalToken",
// "Listings", "TaskCompleted": true}, or an error {"Success": false, "Code", "Message",
// "TaskCompleted": true}); only their encoding differs. One writer per framing, chosen once
// per request, so the ask code never branches on the format.
//
// - platform (default): each object alone on a line, no prefix. The hosted platform's
//   clients read the body line by line, skip lines that do not start with "{", and stop on
//   TaskCompleted: true. Served as text/event-stream, as the platform does.
// - sse: one SSE event `data: <json>` per object.
// - ndjson: application/x-ndjson, one object per line.
// - ai-sdk: the AI SDK's UI message stream protocol v1 (SSE of typed parts), so `useChat`
//   and the `ai` package's readers work; the IDs and token count ride on the finish part's
//   messageMetadata, the listing cards on a `data-listings` data part and a showing's card on
//   `data-tour` (the protocol's `data-<name>` parts, which useChat keeps in the message's parts).
import { Invalid } from '../errors.ts';

export const STREAM_FORMATS = ['platform', 'sse', 'ndjson', 'ai-sdk'] as const;
export type StreamFormat = (typeof STREAM_FORMATS)[number];

export interface FinalFrame {
  QuestionID: number;
  AnswerID: number;
  Answer: string;
  TotalToken: number;
  /**
   * The cards of the listings the answer shows (listings/card.ts), written as they are.
   * Additive: the platform's clients read only the fields above.
   */
  Listings?: readonly unknown[];
  /** The showing slots offered or the showing booked (tours/), on the answers that have one. */
  Tour?: unknown;
}

export interface FailureFrame {
  Code: number;
  Message: string;
}

export interface Framing {
  /** Response headers besides the request id and CORS (content type and the like). */
  readonly headers: Readonly<Record<string, string>>;
  /** Written every keep-alive interval; every reader of the framing skips it. */
  readonly keepAlive: string;
  /** Written once when the response starts, before anything else. */
  opening(): string;
  fragment(text: string): string;
  final(frame: FinalFrame): string;
  failure(frame: FailureFrame): string;
}

const COMMON_HEADERS = { 'cache-control': 'no-cache', 'x-accel-buffering': 'no', connection: 'keep-alive' };
const EVENT_STREAM = 'text/event-stream; charset=utf-8';

/** Frames JSON objects with `encode`; the platform, SSE and NDJSON framings differ only there. */
function objectFraming(contentType: string, keepAlive: string, encode: (json: string) => string): Framing {
  return {
    headers: { ...COMMON_HEADERS, 'content-type': contentType },
    keepAlive,
    opening: () => '',
    fragment: (text) => encode(JSON.stringify({ content: text })),
    final: (f) => encode(JSON.stringify({ ...f, TaskCompleted: true })),
    failure: (f) => encode(JSON.stringify({ Success: false, Code: f.Code, Message: f.Message, TaskCompleted: true })),
  };
}

const sseEvent = (json: string) => `data: ${json}\n\n`;

/** The AI SDK UI message stream: start, one text block of deltas, finish (or error), [DONE]. */
function aiSdkFraming(): Framing {
  const part = (p: object) => sseEvent(JSON.stringify(p));
  const TEXT_ID = 'text-0';
  const DONE = 'data: [DONE]\n\n';
  return {
    headers: { ...COMMON_HEADERS, 'content-type': EVENT_STREAM, 'x-vercel-ai-ui-message-stream': 'v1' },
    keepAlive: ': ping\n\n',
    opening: () => part({ type: 'start' }) + part({ type: 'start-step' }) + part({ type: 'text-start', id: TEXT_ID }),
    fragment: (delta) => part({ type: 'text-delta', id: TEXT_ID, delta }),
    final: (f) =>
      part({ type: 'text-end', id: TEXT_ID }) +
      (f.Listings ? part({ type: 'data-listings', data: f.Listings }) : '') +
      (f.Tour ? part({ type: 'data-tour', data: f.Tour }) : '') +
      part({ type: 'finish-step' }) +
      part({
        type: 'finish',
        finishReason: 'stop',
        messageMetadata: { QuestionID: f.QuestionID, AnswerID: f.AnswerID, TotalToken: f.TotalToken },
      }) +
      DONE,
    failure: (f) => part({ type: 'text-end', id: TEXT_ID }) + part({ type: 'error', errorText: f.Message }) + DONE,
  };
}

export function framingFor(format: StreamFormat): Framing {
  switch (format) {
    case 'platform':
      // An empty line: not a "{" line, so the platform's readers skip it.
      return objectFraming(EVENT_STREAM, '\n', (json) => `${json}\n`);
    case 'sse':
      return objectFraming(EVENT_STREAM, ': ping\n\n', sseEvent);
    case 'ndjson':
      return objectFraming('application/x-ndjson; charset=utf-8', '\n', (json) => `${json}\n`);
    case 'ai-sdk':
      return aiSdkFraming();
  }
}

const MAX_HEADER = 64;

/**
 * The framing a request asks for: `X-Stream-Format`, else NDJSON for `Accept:
 * application/x-ndjson`, else the platform's. An unknown value is a 400 before anything
 * is stored.
 */
export function requestedStreamFormat(headers: Record<string, string | string[] | undefined>): StreamFormat {
  const raw = headers['x-stream-format'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  if (value) {
    const known = STREAM_FORMATS.find((f) => f === value);
    if (!known || value.length > MAX_HEADER) {
      throw new Invalid('X-Stream-Format', `must be one of: ${STREAM_FORMATS.join(', ')}`);
    }
    return known;
  }
  const accept = headers.accept;
  return /application\/x-ndjson/i.test(String(accept ?? '')) ? 'ndjson' : 'platform';
}
