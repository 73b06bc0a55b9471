// The widget's calls to Parlor: GetConfig, Ask (streamed), File/Upload, TalkToHuman, GetTourSlots, BookTour, RateAnswer,
// OpenListing.
import type { AppointmentCardData, TourSlotData } from '../../answer/tour-desk.ts';
import type { PublicConfigData } from '../schemas.ts';
import { type Card, cardList } from './cards.ts';
import type { LeadInput } from './lead-form.ts';
import { type TourCard, tourCard } from './tour-data.ts';

export type WidgetConfig = PublicConfigData;

const SSE = { 'x-stream-format': 'sse' };

interface Envelope<T> {
  Data: T;
  Success: boolean;
  Code: number;
  Message: string;
}

/** A refusal from the server, with its message for the visitor. */
export class ApiError extends Error {
  readonly code: number;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfter: number | undefined;
  constructor(code: number, message: string, retryAfter?: number) {
    super(message);
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

async function envelope<T>(res: Response): Promise<T> {
  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    // not an envelope: fall through
  }
  if (!body) throw new ApiError(res.status, `the chat service answered ${res.status}`);
  if (!body.Success) throw new ApiError(body.Code, body.Message);
  return body.Data;
}

export interface Answer {
  /** The answer's message ID (RateAnswer's messageId); 0 when the server did not say. */
  id: number;
  text: string;
  /** The cards of the listings the answer shows (the final frame's Listings). */
  listings: Card[];
  /** The showing slots it offers or the showing it booked (the final frame's Tour). */
  tour: TourCard | null;
  /** The answer took the visitor's contact details: the session now waits for a person. */
  waiting: boolean;
}

export interface BookingRequest {
  Start: string;
  MLSNumber: string;
  Name: string;
  Email: string;
  Phone: string;
}

/** A person's replies and who answers the session now (Subscribe's events). */
export interface LiveEvent {
  Mode: 'bot' | 'human' | 'agent';
  Messages: { ID: number; Role: string; Content: string; Author?: string }[];
}

export interface AskRequest {
  content: string;
  chatAskType?: 'Text' | 'Image' | 'Audio';
  fileIds?: number[];
}

export class Api {
  readonly base: string;
  private key = '';
  sessionId = 0;

  constructor(base: string) {
    this.base = base;
  }

  private headers(json = true): Record<string, string> {
    const h: Record<string, string> = {};
    if (json) h['content-type'] = 'application/json';
    if (this.key) h['chatrobot-sessionkey'] = this.key;
    return h;
  }

  private post(path: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
    const headers = { ...this.headers(), ...extra };
    return fetch(this.base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  /** The config; a key kept from an earlier page keeps its session. */
  async config(serialNumber: string, keptKey: string): Promise<WidgetConfig> {
    this.key = keptKey;
    const cfg = await envelope<WidgetConfig>(await this.post('/chat/Chatbot/GetConfig', { serialNumber }));
    this.key = cfg.SessionKey;
    this.sessionId = cfg.SessionID;
    return cfg;
  }

  /** Streams the answer: onText gets the text so far; resolves with the final answer and its listings. */
  async ask(q: AskRequest, onText: (text: string) => void): Promise<Answer> {
    // SSE, whatever framing the server streams in by default: this reader is an SSE parser.
    const res = await this.post('/chat/Chat/Ask', { sessionID: this.sessionId, stream: true, ...q }, SSE);
    if (!res.ok || !res.body || !/event-stream/.test(res.headers.get('content-type') ?? '')) {
      return envelope<{
        messageid?: number;
        content: string;
        Listings?: unknown;
        Tour?: unknown;
        SessionMode?: unknown;
      }>(res).then((d) => ({
        id: Number(d.messageid) || 0,
        text: d.content,
        listings: cardList(d.Listings),
        tour: tourCard(d.Tour),
        waiting: d.SessionMode === 'human',
      }));
    }
    let text = '';
    for await (const frame of sseFrames(res.body)) {
      if (frame.Success === false) throw new ApiError(Number(frame.Code), String(frame.Message));
      if (typeof frame.Answer === 'string') {
        return {
          id: Number(frame.AnswerID) || 0,
          text: frame.Answer,
          listings: cardList(frame.Listings),
          tour: tourCard(frame.Tour),
          waiting: frame.SessionMode === 'human',
        };
      }
      if (typeof frame.content === 'string') {
        text += frame.content;
        onText(text);
      }
    }
    return { id: 0, text, listings: [], tour: null, waiting: false };
  }

  async upload(file: Blob, name: string): Promise<number> {
    const form = new FormData();
    form.append('file', file, name);
    const res = await fetch(`${this.base}/chat/File/Upload`, {
      method: 'POST',
      headers: this.headers(false),
      body: form,
    });
    return Number((await envelope<{ FileStoreId: string }>(res)).FileStoreId);
  }

  /**
   * Follows the session while a person is involved: onEvent gets each {Mode, Messages}
   * (agent replies after afterId). Resolves when the server ends the stream or the signal aborts.
   */
  async subscribe(afterId: number, onEvent: (e: LiveEvent) => void, signal: AbortSignal): Promise<void> {
    const res = await fetch(`${this.base}/chat/Chat/Subscribe`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ sessionID: this.sessionId, afterID: afterId }),
      signal,
    });
    if (!res.ok || !res.body) {
      const wait = Number(res.headers.get('retry-after'));
      throw new ApiError(res.status, `the chat service answered ${res.status}`, wait > 0 ? wait : undefined);
    }
    for await (const frame of sseFrames(res.body)) {
      if (typeof frame.Mode === 'string') onEvent(frame as unknown as LiveEvent);
    }
  }

  /** Books a slot for this session; an ApiError says why not (a slot taken meanwhile: 409). */
  async bookTour(b: BookingRequest): Promise<AppointmentCardData> {
    const body = { sessionID: this.sessionId, ...b, MLSNumber: b.MLSNumber || null };
    return envelope<AppointmentCardData>(await this.post('/chat/Chat/BookTour', body));
  }

  /** The free slots of a listing ("" for a call with an agent), earliest first. */
  async tourSlots(mlsNumber: string): Promise<TourSlotData[]> {
    const body = { sessionID: this.sessionId, MLSNumber: mlsNumber || null };
    return envelope<TourSlotData[]>(await this.post('/chat/Chat/GetTourSlots', body));
  }

  /** Rates an answer of this session (a second rating replaces the first). */
  async rateAnswer(messageId: number, rating: 'up' | 'down', reason: string): Promise<void> {
    const body = { sessionID: this.sessionId, messageId, rating, reason: reason || null };
    await envelope<unknown>(await this.post('/chat/Chat/RateAnswer', body));
  }

  /** Says that the visitor opened a listing from this answer's card (the analytics funnel). */
  async openListing(messageId: number, listingId: number): Promise<void> {
    const body = { sessionID: this.sessionId, messageId, listingId };
    await envelope<unknown>(await this.post('/chat/Chat/OpenListing', body));
  }

  async talkToHuman(lead: LeadInput): Promise<string> {
    const res = await this.post('/chat/Chat/TalkToHuman', { sessionID: this.sessionId, ...lead });
    return (await envelope<{ Message: string }>(res)).Message;
  }
}

/** The JSON of each event of a server-sent event stream, as it arrives. */
async function* sseFrames(body: NonNullable<Response['body']>): AsyncGenerator<Record<string, unknown>> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const frame = frameOf(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
      if (frame) yield frame;
    }
  }
}

/** One SSE event's JSON (comment lines such as ": ping" carry none). */
function frameOf(event: string): Record<string, unknown> | null {
  const data = event
    .split('\n')
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).trimStart())
    .join('\n');
  if (!data) return null;
  try {
    return JSON.parse(data) as Record<string, unknown>;
  } catch {
    return null;
  }
}
