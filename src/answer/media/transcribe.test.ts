// Transcription requests on the wire (against the fake provider) and their failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../test/fake-provider.ts';
import { wav } from '../../../test/media-samples.ts';
import { ProviderFailed } from '../../errors.ts';
import { type TranscriptionTarget, transcribe } from './transcribe.ts';

const KEY = 'sk-transcribe-secret-9';
let fake: FakeProvider;

beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake.close();
});

function target(over: Partial<TranscriptionTarget> = {}): TranscriptionTarget {
  return {
    baseUrl: fake.url,
    apiKey: KEY,
    model: 'whisper-test',
    fetch,
    signal: new AbortController().signal,
    ...over,
  };
}

const answering =
  (status: number, body: string): typeof fetch =>
  async () =>
    new Response(body, { status });

describe('transcribe', () => {
  it('POSTs the WAV and the model as multipart to /audio/transcriptions and answers the text', async () => {
    fake.transcription('  three bedrooms near the lake  ');
    const bytes = wav();
    const before = fake.requests.length;
    expect(await transcribe(bytes, 'note.wav', target())).toBe('three bedrooms near the lake');
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [req] = sent;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/audio/transcriptions');
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const raw = req?.raw ?? Buffer.alloc(0);
    expect(raw.includes(bytes)).toBe(true);
    const text = raw.toString('latin1');
    expect(text).toMatch(/name="file"; filename="note\.wav"\r\nContent-Type: audio\/wav/);
    expect(text).toMatch(/name="model"\r\n\r\nwhisper-test\r\n/);
  });

  it('an HTTP error → ProviderFailed naming the status and the provider message, without the key', async () => {
    const body = JSON.stringify({ error: { message: `model overloaded for ${KEY}` } });
    const err = await transcribe(wav(), 'a.wav', target({ fetch: answering(500, body) })).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderFailed);
    expect(err.message).toBe(
      "the model provider's transcription endpoint answered HTTP 500: model overloaded for [redacted]",
    );
  });

  it('a broken connection or an answer without text → ProviderFailed', async () => {
    const broken: typeof fetch = async () => {
      throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
    };
    await expect(transcribe(wav(), 'a.wav', target({ fetch: broken }))).rejects.toThrow(
      "the model provider's transcription endpoint failed: fetch failed: ECONNRESET",
    );
    await expect(transcribe(wav(), 'a.wav', target({ fetch: answering(200, '{"nope":1}') }))).rejects.toThrow(
      'the model provider sent a malformed transcription',
    );
  });

  it('an abort rejects with the signal reason, not a provider error', async () => {
    const ctl = new AbortController();
    const reason = new Error('client went away');
    ctl.abort(reason);
    await expect(transcribe(wav(), 'a.wav', target({ signal: ctl.signal }))).rejects.toBe(reason);
  });
});
