// Which engine answers for a chatbot: its Model setting is a Key of the configured model
// catalogue (config.models, shown by ModelList). Engines are created once per model.
import type { ModelCatalog } from '../chatbots/index.ts';
import type { ModelEntry } from '../config.ts';
import type { AnswerEngine } from './engine.ts';

export type EngineFactory = (model: ModelEntry) => AnswerEngine;

/** The model catalogue chatbots checks settings against, with an engine for each model. */
export interface EngineRegistry extends ModelCatalog {
  engineFor(modelKey: string): AnswerEngine;
}

export interface AvailabilityProbe {
  /** Whether the engine can answer now (e.g. its provider is reachable); cached by the engine. */
  available(): Promise<boolean>;
}

function hasProbe(e: AnswerEngine): e is AnswerEngine & AvailabilityProbe {
  return typeof (e as Partial<AvailabilityProbe>).available === 'function';
}

export function createRegistry(
  models: readonly ModelEntry[],
  factories: Partial<Record<ModelEntry['engine'], EngineFactory>>,
): EngineRegistry {
  const engines = new Map<string, AnswerEngine>();
  const builtin = models.find((m) => m.engine === 'builtin');
  for (const m of models) {
    const factory = factories[m.engine];
    if (factory) engines.set(m.key, factory(m));
  }
  const fallback = builtin ? engines.get(builtin.key) : undefined;
  return {
    models: () => models,
    find: (keyOrName) => models.find((m) => m.key === keyOrName) ?? models.find((m) => m.name === keyOrName),
    engineFor(modelKey) {
      // A chatbot whose model was removed from the catalogue falls back to the builtin engine.
      const engine = engines.get(modelKey) ?? fallback;
      if (!engine) throw new Error(`no engine for model "${modelKey}" and no builtin engine`);
      return engine;
    },
    async statuses() {
      return Promise.all(
        models.map(async (m) => {
          const e = engines.get(m.key);
          const usable = !!e && (hasProbe(e) ? await e.available().catch(() => false) : true);
          return { ...m, usable };
        }),
      );
    },
  };
}
