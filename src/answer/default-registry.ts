// The engines a running Parlor uses: the builtin engine, and one OpenAI-compatible engine
// per configured provider model (config.models). `ffmpeg` is the binary found at start-up
// (media/ffmpeg-binary.ts); without one, video questions answer 501.
import type { Config } from '../config.ts';
import { createBuiltinEngine } from './builtin/engine.ts';
import type { FfmpegBinary } from './media/ffmpeg-binary.ts';
import { createOpenAiEngine } from './openai-compatible.ts';
import { createRegistry, type EngineRegistry } from './registry.ts';

export function defaultRegistry(config: Config, ffmpeg: FfmpegBinary | null): EngineRegistry {
  return createRegistry(config.models, {
    builtin: () => createBuiltinEngine(),
    openai: (model) => createOpenAiEngine(config.openai, model, { ffmpegPath: ffmpeg?.path ?? null }),
  });
}
