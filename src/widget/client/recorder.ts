// Microphone capture for push-to-talk: raw PCM through a ScriptProcessor (AudioWorklet
// would need a second script to load), encoded as WAV when recording stops.
import { concat, downsample, encodeWav } from './wav.ts';

const TARGET_RATE = 16_000;

export interface Recording {
  stop(): Promise<Blob>;
}

/** Starts capturing; `onSeconds` gets the recorded length each time a whole second is added. */
export async function startRecording(onSeconds: (seconds: number) => void): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const ctx = new AudioContext();
  const source = ctx.createMediaStreamSource(stream);
  const node = ctx.createScriptProcessor(4096, 1, 1);
  const chunks: Float32Array[] = [];
  let samples = 0;
  node.onaudioprocess = (e) => {
    const chunk = new Float32Array(e.inputBuffer.getChannelData(0));
    chunks.push(chunk);
    const before = Math.floor(samples / ctx.sampleRate);
    samples += chunk.length;
    const now = Math.floor(samples / ctx.sampleRate);
    if (now > before) onSeconds(now);
  };
  source.connect(node);
  // Chrome only runs a processor that is connected to the output; it writes silence.
  node.connect(ctx.destination);
  return {
    async stop() {
      source.disconnect();
      node.disconnect();
      for (const t of stream.getTracks()) t.stop();
      const rate = ctx.sampleRate;
      await ctx.close();
      const pcm = downsample(concat(chunks), rate, TARGET_RATE);
      const wav = encodeWav(pcm, Math.min(rate, TARGET_RATE));
      return new Blob([wav.buffer as ArrayBuffer], { type: 'audio/wav' });
    },
  };
}
