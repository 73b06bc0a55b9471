// Reads a listings file from disk for `listings import` (listings/listings-file.ts reads its
// text); a file that cannot be read, or read as listings, fails the command naming it.
import { readFileSync } from 'node:fs';
import { isListingsFileName, type ListingsFile, ListingsFileProblem, listingsFileOf } from '../listings/index.ts';
import { CommandFailed, UsageError } from './io.ts';

export function readListingsFile(path: string): ListingsFile {
  if (!isListingsFileName(path)) throw new UsageError(`the file must end in .json or .csv, got "${path}"`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new CommandFailed(`cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    return listingsFileOf(path, text);
  } catch (err) {
    if (err instanceof ListingsFileProblem)
      throw err.badName ? new UsageError(err.message) : new CommandFailed(err.message);
    throw err;
  }
}
