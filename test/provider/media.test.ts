// Media questions end to end (DESIGN §3.5, §3.6): files uploaded through the upload API,
// asked about through ClientAsk, answered by the OpenAI-compatible engine against the fake
// provider — which must receive exactly the image parts, the transcription request and the
// video frames the question implies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/answer/default-registry.ts';
import { locateFfmpeg } from '../../src/answer/media/ffmpeg-binary.ts';
import { NO_FFMPEG } from '../../src/answer/media/user-message.ts';
import { createOpenAiEngine } from '../../src/answer/openai-compatible.ts';
import { createRegistry } from '../../src/answer/registry.ts';
import { chatFixture } from '../chat/chat-app.ts';
import { startFakeProvider } from '../fake-provider.ts';
import { uploadMultipart } from '../files-client.ts';
import { buildTestApp, post, type TestApp, testConfig } from '../harness.ts';
import { clips, png, wav } from '../media-samples.ts';
import { type ProviderApp, providerApp } from './provider-app.ts';

interface Part {
  type: string;
  text?: string;
  image_url?: { url: string };
}
interface AskData {
  messageid: number;
  content: string;
  noAnswer: boolean;
}

async function upload(t: TestApp, auth: Record<string, string>, name: string, bytes: Buffer): Promise<number> {
  const r = await uploadMultipart(t.app, auth, name, bytes);
  if (r.status !== 200) throw new Error(`upload of ${name} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return Number(r.body.Data.FileStoreId);
}

function ask(t: TestApp, auth: Record<string, string>, body: Record<string, unknown>) {
  return post<AskData>(t.app, '/chat/Chat/ClientAsk', body, auth);
}

const userOf = (p: ProviderApp, from: number) =>
  p.fake.requests
    .slice(from)
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => (r.body?.messages ?? []).filter((m) => m.role === 'user').at(-1)?.content);

let p: ProviderApp;
beforeAll(async () => {
  p = await providerApp({ OPENAI_TIMEOUT_MS: '20000' });
});
afterAll(() => p.close());

describe('ClientAsk with media on a provider model', () => {
  it('Image: two PNGs reach the model as two image parts with their data URLs, after the text', async () => {
    const s = await p.session();
    const red = png([200, 0, 0]);
    const green = png([0, 200, 0], 10);
    const ids = [await upload(p, s.ws.auth, 'front.png', red), await upload(p, s.ws.auth, 'yard.png', green)];
    p.fake.script({ kind: 'text', text: 'A red front and a green yard.' });
    const from = p.fake.requests.length;
    const r = await ask(p, s.ws.auth, {
      sessionID: s.sessionId,
      content: 'What do you see?',
      chatAskType: 'Image',
      fileIds: ids,
    });
    expect(r.status).toBe(200);
    expect(r.body.Data.content).toBe('A red front and a green yard.');
    expect(userOf(p, from)).toEqual([
      [
        { type: 'text', text: 'What do you see?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${red.toString('base64')}` } },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${green.toString('base64')}` } },
      ],
    ]);
  });

  it('Audio: the WAV goes to /audio/transcriptions, the transcript to the model', async () => {
    const s = await p.session();
    const voice = wav(0.4);
    const id = await upload(p, s.ws.auth, 'voice.wav', voice);
    p.fake.transcription('Show me rentals in Austin');
    const from = p.fake.requests.length;
    const r = await ask(p, s.ws.auth, { sessionID: s.sessionId, content: '', chatAskType: 'Audio', fileIds: [id] });
    expect(r.status).toBe(200);
    const sent = p.fake.requests.slice(from);
    expect(sent.map((q) => q.path)).toEqual(['/v1/audio/transcriptions', '/v1/chat/completions']);
    expect(sent[0]?.raw.includes(voice)).toBe(true);
    expect(sent[0]?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(sent[0]?.raw.toString('latin1')).toMatch(/name="model"\r\n\r\nwhisper-1\r\n/);
    const [user] = userOf(p, from);
    expect(user).toBe(
      'The visitor sent a voice message.\nTranscript of the voice message:\n"""\nShow me rentals in Austin\n"""',
    );
  });

  it('Video: four sampled frames as image parts, and the transcript of its sound', async () => {
    const s = await p.session();
    const { 'clip.mp4': clip } = await clips();
    const id = await upload(p, s.ws.auth, 'tour.mp4', clip);
    p.fake.transcription('Welcome to the open house.');
    const from = p.fake.requests.length;
    const r = await ask(p, s.ws.auth, { sessionID: s.sessionId, content: '', chatAskType: 'Video', fileIds: [id] });
    expect(r.status).toBe(200);
    const sent = p.fake.requests.slice(from);
    expect(sent.map((q) => q.path)).toEqual(['/v1/audio/transcriptions', '/v1/chat/completions']);
    const [user] = userOf(p, from) as Part[][];
    expect(user?.map((part) => part.type)).toEqual(['text', 'image_url', 'image_url', 'image_url', 'image_url']);
    expect(user?.[0]?.text).toBe(
      'The visitor sent a video. 4 frames sampled from it, in time order, follow.\n' +
        'Transcript of the video\'s sound:\n"""\nWelcome to the open house.\n"""',
    );
    for (const part of user?.slice(1) ?? []) expect(part.image_url?.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });
});

describe('ClientAsk with media: refusals and failures', () => {
  it('a video question on a server without ffmpeg answers 501 before any provider call', async () => {
    const fake = await startFakeProvider();
    const config = testConfig({ OPENAI_BASE_URL: fake.url, PARLOR_MODELS: '2=fake-model' });
    const t = await buildTestApp({ config, engines: defaultRegistry(config, null) });
    try {
      const f = await chatFixture(t, { Model: '2' });
      const { 'clip.mp4': clip } = await clips();
      const id = await upload(t, f.ws.auth, 'tour.mp4', clip);
      const r = await ask(t, f.ws.auth, { sessionID: f.sessionId, content: '', chatAskType: 'Video', fileIds: [id] });
      expect(r.status).toBe(501);
      expect(r.body).toMatchObject({ Success: false, Code: 501, Message: NO_FFMPEG });
      expect(r.body.Message).toContain('FFMPEG_PATH');
      expect(fake.requests.filter((x) => x.method === 'POST')).toEqual([]);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('a video question is answered with the ffmpeg npm installed when the machine has none', async () => {
    // What `npm ci && npm start` finds on a machine without ffmpeg: FFMPEG_PATH unset, nothing on PATH.
    const ffmpeg = locateFfmpeg({ explicit: null, searchPath: '' });
    expect(ffmpeg?.source).toBe('bundled');
    const fake = await startFakeProvider();
    const config = testConfig({ OPENAI_BASE_URL: fake.url, PARLOR_MODELS: '2=fake-model', PATH: '' });
    const t = await buildTestApp({ config, engines: defaultRegistry(config, ffmpeg) });
    try {
      const f = await chatFixture(t, { Model: '2' });
      const { 'clip.mp4': clip } = await clips();
      const id = await upload(t, f.ws.auth, 'tour.mp4', clip);
      fake.transcription('Welcome to the open house.');
      fake.script({ kind: 'text', text: 'A bright living room.' });
      const r = await ask(t, f.ws.auth, { sessionID: f.sessionId, content: '', chatAskType: 'Video', fileIds: [id] });
      expect(r.status).toBe(200);
      expect(r.body.Data.content).toBe('A bright living room.');
      const chat = fake.requests.find((q) => q.path.endsWith('/chat/completions'));
      const user = (chat?.body?.messages ?? []).filter((m) => m.role === 'user').at(-1)?.content as Part[];
      expect(user.map((part) => part.type)).toEqual(['text', 'image_url', 'image_url', 'image_url', 'image_url']);
      expect(user[0]?.text).toContain('Welcome to the open house.');
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('a transcription endpoint answering 500 answers 502, and no chat request is made', async () => {
    const fake = await startFakeProvider();
    const config = testConfig({ OPENAI_BASE_URL: fake.url, PARLOR_MODELS: '2=fake-model', OPENAI_MAX_RETRIES: '1' });
    const failing: typeof fetch = async (input, init) =>
      String(input).endsWith('/audio/transcriptions')
        ? new Response('{"error":{"message":"transcriber unavailable"}}', { status: 500 })
        : fetch(input, init);
    const engines = createRegistry(config.models, {
      openai: (m) => createOpenAiEngine(config.openai, m, { fetch: failing, retryDelayMs: () => 1 }),
    });
    const t = await buildTestApp({ config, engines });
    try {
      const f = await chatFixture(t, { Model: '2' });
      const id = await upload(t, f.ws.auth, 'voice.wav', wav());
      const r = await ask(t, f.ws.auth, { sessionID: f.sessionId, content: '', chatAskType: 'Audio', fileIds: [id] });
      expect(r.status).toBe(502);
      expect(r.body.Message).toBe(
        "the model provider's transcription endpoint answered HTTP 500: transcriber unavailable",
      );
      expect(fake.requests).toEqual([]);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
