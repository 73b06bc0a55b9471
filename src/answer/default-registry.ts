// The engines a running Parlor uses: the builtin engine, and one OpenAI-compatible engine
// per configured provider model (config.models).
import type { Config } from '../config.ts';
import { createBuiltinEngine } from './builtin/engine.ts';
import { createOpenAiEngine } from './openai-compatible.ts';
import { createRegistry, type EngineRegistry } from './registry.ts';

export function defaultRegistry(config: Config): EngineRegistry {
  return createRegistry(config.models, {
    builtin: () => createBuiltinEngine(),
    openai: (model) => createOpenAiEngine(config.openai, model, { ffmpegPath: config.media.ffmpegPath }),
  });
}
