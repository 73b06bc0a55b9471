// What the chatbots feature needs of the configured models: Edit checks a Model setting against
// them, ModelList shows them. The answer feature's engine registry (answer/registry.ts) is one;
// app.ts hands it in, so that chatbots does not import the feature above it.
import type { ModelEntry } from '../config.ts';

export interface ModelStatus extends ModelEntry {
  /** Usable now: the builtin engine always; a provider model when its provider answers. */
  usable: boolean;
}

export interface ModelCatalog {
  models(): readonly ModelEntry[];
  /** The model a Key or a Value (model name) names, or undefined. */
  find(keyOrName: string): ModelEntry | undefined;
  statuses(): Promise<ModelStatus[]>;
}
