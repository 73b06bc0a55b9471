// The shape of one CLI command; run.ts parses the line, opens the database and prints.
import type { CommandContext, CommandResult, OptionValues } from './io.ts';

export interface Command {
  /** The words that select it, e.g. "key create". */
  path: string;
  /** Arguments and options after the path, for the usage text. */
  synopsis: string;
  summary: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  /** Names of the positional arguments it requires, in order. */
  positionals: string[];
  /** Whether the last positional may be given more than once (files). */
  variadic?: boolean;
  /** Whether it needs the schema (every command but `migrate`, which reports what it applied). */
  migrates: boolean;
  run(ctx: CommandContext, values: OptionValues, positionals: string[]): Promise<CommandResult>;
}
