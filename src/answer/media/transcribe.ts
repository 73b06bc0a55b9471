// Speech to text through the provider's transcription endpoint (OpenAI's
// `POST /audio/transcriptions`, multipart: file + model), for voice messages and the
// audio track of videos. The caller passes the engine's fetch (with its retries on
// 429/5xx) and its abort signal (client gone, answer timeout).
import { ProviderFailed } from '../../errors.ts';
import { authHeaders, errorText, type KeyHeader, providerUrl } from '../openai/provider.ts';

export interface TranscriptionTarget {
  baseUrl: string;
  apiKey: string;
  /** How the provider takes its key (default Authorization: Bearer). */
  keyHeader?: KeyHeader;
  /** e.g. whisper-1 (OPENAI_TRANSCRIPTION_MODEL). */
  model: string;
  fetch: typeof fetch;
  signal: AbortSignal;
}

const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);

function failed(message: string, apiKey: string): ProviderFailed {
  // Only a real key is scrubbed: a one-letter test key would mangle every message.
  const text = apiKey.length >= 8 ? message.split(apiKey).join('[redacted]') : message;
  return new ProviderFailed(short(text));
}

/** The text spoken in `wav` (WAV bytes); '' when the provider heard nothing. */
export async function transcribe(
  wav: Uint8Array<ArrayBuffer>,
  fileName: string,
  target: TranscriptionTarget,
): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([wav], { type: 'audio/wav' }),
    fileName.toLowerCase().endsWith('.wav') ? fileName : `${fileName}.wav`,
  );
  form.append('model', target.model);
  form.append('response_format', 'json');
  // Encoded up front: undici streaming a FormData body that an abort closes midway
  // throws an unhandled rejection from inside fetch (Node 24).
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  target.signal.throwIfAborted();
  const url = providerUrl(target.baseUrl, 'audio/transcriptions');
  let res: Response;
  try {
    res = await target.fetch(url, {
      method: 'POST',
      headers: {
        'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data',
        ...authHeaders(target.apiKey, target.keyHeader),
      },
      body,
      signal: target.signal,
    });
  } catch (e) {
    if (target.signal.aborted) throw target.signal.reason;
    const err = e instanceof Error ? e : new Error(String(e));
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    throw failed(`the model provider's transcription endpoint failed: ${err.message}${cause}`, target.apiKey);
  }
  const answer = await res.text();
  if (!res.ok) {
    throw failed(
      `the model provider's transcription endpoint answered HTTP ${res.status}: ${errorText(answer)}`,
      target.apiKey,
    );
  }
  let text: unknown;
  try {
    text = (JSON.parse(answer) as { text?: unknown }).text;
  } catch {
    text = undefined;
  }
  if (typeof text !== 'string') throw failed('the model provider sent a malformed transcription', target.apiKey);
  return text.trim();
}
