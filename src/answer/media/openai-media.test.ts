// Media questions through the provider engine, against the fake provider: what goes on the
// wire for images, voice messages and videos, and what is refused before any request.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testFfmpeg } from '../../../test/binaries.ts';
import { type ChatMessage, type FakeProvider, startFakeProvider } from '../../../test/fake-provider.ts';
import { clips, png, wav } from '../../../test/media-samples.ts';
import { DEFAULT_SETTINGS } from '../../chatbots/settings.ts';
import { NotSupported, ProviderFailed } from '../../errors.ts';
import type { AnswerRequest, AskType, QuestionFile } from '../engine.ts';
import { createOpenAiEngine, type OpenAiEngineDeps } from '../openai-compatible.ts';
import { NO_FFMPEG } from './user-message.ts';

let fake: FakeProvider;

beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake.close();
});

function engine(deps: OpenAiEngineDeps = {}) {
  const openai = {
    baseUrl: fake.url,
    apiKey: 'sk-media-test-key',
    timeoutMs: 20_000,
    maxRetries: 2,
    historyTokens: 3000,
    transcriptionModel: 'whisper-test',
  };
  return createOpenAiEngine(
    openai,
    { key: '2', name: 'fake-vision', engine: 'openai' },
    { retryDelayMs: () => 1, ffmpegPath: testFfmpeg().path, ...deps },
  );
}

function fileOf(id: number, kind: string, mime: string, bytes: Buffer): QuestionFile {
  return { id, kind, mime, name: `file-${id}`, size: bytes.length, open: async () => Readable.from([bytes]) };
}

function request(askType: AskType, content: string, files: QuestionFile[]): AnswerRequest & { asked: number[][] } {
  const asked: number[][] = [];
  return {
    asked,
    chatbot: { id: 1, workspaceId: 1, serialNumber: 'x', settings: DEFAULT_SETTINGS },
    sessionId: 1,
    question: { id: 1, content, askType, fileIds: files.map((f) => f.id) },
    history: [],
    now: new Date('2026-11-02T15:00:00Z'),
    signal: new AbortController().signal,
    listings: { search: async () => ({ listings: [], total: 0 }), count: async () => 0, cities: async () => [] },
    files: async (ids) => {
      asked.push(ids);
      return ids.map((id) => files.find((f) => f.id === id) ?? fileOf(id, 'image', 'image/png', png([0, 0, 0])));
    },
  };
}

async function answer(req: AnswerRequest, deps: OpenAiEngineDeps = {}) {
  let text = '';
  await engine(deps).answer(req, (f) => {
    text += f;
  });
  return text;
}

/** The requests the fake provider received from now on. */
function since() {
  const from = fake.requests.length;
  return () => fake.requests.slice(from);
}

function lastUser(messages: ChatMessage[] | undefined): ChatMessage | undefined {
  return (messages ?? []).filter((m) => m.role === 'user').at(-1);
}

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe('media questions through the provider engine', () => {
  it('Image: the text and one image part per file, as data URLs with their media type', async () => {
    const red = png([255, 0, 0]);
    const blue = png([0, 0, 255], 12);
    const sent = since();
    fake.script({ kind: 'text', text: 'Both are facades.' });
    const req = request('Image', 'Which of these has a red door?', [
      fileOf(11, 'image', 'image/png', red),
      fileOf(12, 'image', 'image/png', blue),
    ]);
    expect(await answer(req)).toBe('Both are facades.');
    expect(req.asked).toEqual([[11, 12]]);
    expect(sent().map((r) => r.path)).toEqual(['/v1/chat/completions']);
    expect(lastUser(sent()[0]?.body?.messages)?.content).toEqual([
      { type: 'text', text: 'Which of these has a red door?' },
      { type: 'image_url', image_url: { url: dataUrl('image/png', red) } },
      { type: 'image_url', image_url: { url: dataUrl('image/png', blue) } },
    ]);
  });

  it('Audio: one transcription request carrying the WAV, then the chat with the transcript', async () => {
    const voice = wav(0.3);
    fake.transcription('Do you have a three bedroom house with a pool?');
    const sent = since();
    await answer(request('Audio', '', [fileOf(21, 'audio', 'audio/wav', voice)]));
    const [transcription, chat, ...rest] = sent();
    expect(rest).toEqual([]);
    expect(transcription?.path).toBe('/v1/audio/transcriptions');
    expect(transcription?.raw.includes(voice)).toBe(true);
    expect(transcription?.raw.toString('latin1')).toContain('whisper-test');
    expect(chat?.path).toBe('/v1/chat/completions');
    const content = String(lastUser(chat?.body?.messages)?.content);
    expect(content).toContain('The visitor sent a voice message.');
    expect(content).toContain('"""\nDo you have a three bedroom house with a pool?\n"""');
  });

  it('Video: four frames as JPEG image parts and the transcript of the sound track', async () => {
    const { 'clip.mp4': clip } = await clips();
    fake.transcription('This is the kitchen, fully renovated.');
    const sent = since();
    await answer(request('Video', 'What do you think?', [fileOf(31, 'video', 'video/mp4', clip)]));
    const [transcription, chat, ...rest] = sent();
    expect(rest).toEqual([]);
    expect(transcription?.path).toBe('/v1/audio/transcriptions');
    // The extracted track: a 16 kHz mono PCM WAV.
    const raw = transcription?.raw ?? Buffer.alloc(0);
    const riff = raw.indexOf('RIFF');
    expect(riff).toBeGreaterThan(0);
    expect(raw.subarray(riff + 8, riff + 12).toString('latin1')).toBe('WAVE');
    expect(raw.readUInt32LE(riff + 24)).toBe(16_000);
    const content = lastUser(chat?.body?.messages)?.content as {
      type: string;
      text?: string;
      image_url?: { url: string };
    }[];
    expect(content.map((p) => p.type)).toEqual(['text', 'image_url', 'image_url', 'image_url', 'image_url']);
    expect(content[0]?.text).toContain('This is the kitchen, fully renovated.');
    expect(content[0]?.text).toContain('The visitor also wrote: What do you think?');
    for (const part of content.slice(1)) {
      const url = part.image_url?.url ?? '';
      expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
      expect(
        Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')
          .subarray(0, 3)
          .toString('hex'),
      ).toBe('ffd8ff');
    }
  });

  it.each([
    ['no ffmpeg at all', null],
    ['an ffmpeg that stopped running', '/nonexistent/parlor-test/ffmpeg'],
  ])('Video with %s: NotSupported before reading the file or calling the provider', async (_, ffmpegPath) => {
    const sent = since();
    const req = request('Video', '', [fileOf(41, 'video', 'video/mp4', Buffer.from('unused'))]);
    const err = await answer(req, { ffmpegPath }).catch((e) => e);
    expect(err).toBeInstanceOf(NotSupported);
    expect(err.message).toBe(NO_FFMPEG);
    expect(req.asked).toEqual([]);
    expect(sent()).toEqual([]);
  });

  it('a failing transcription endpoint: retried like chat requests, then ProviderFailed without a chat request', async () => {
    const failing: typeof fetch = async (input, init) =>
      String(input).endsWith('/audio/transcriptions')
        ? new Response(JSON.stringify({ error: { message: 'transcriber down' } }), { status: 500 })
        : fetch(input, init);
    const sent = since();
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return failing(input, init);
    };
    const err = await answer(request('Audio', '', [fileOf(51, 'audio', 'audio/wav', wav())]), {
      fetch: counting,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderFailed);
    expect(err.message).toBe("the model provider's transcription endpoint answered HTTP 500: transcriber down");
    expect(calls).toBe(3);
    expect(sent()).toEqual([]);
  });

  it('a model that cannot see images: the provider error becomes ProviderFailed', async () => {
    fake.script({ kind: 'status', status: 400, message: 'this model does not support image input' });
    const req = request('Image', 'Nice?', [fileOf(61, 'image', 'image/png', png([1, 2, 3]))]);
    const err = await answer(req).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderFailed);
    expect(err.message).toContain('HTTP 400');
    expect(err.message).toContain('this model does not support image input');
  });
});
