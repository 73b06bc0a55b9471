// Where uploaded bytes live (files/README.md). A small interface so that an S3-compatible
// store can be added beside the local directory; the database row is the index.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { NotFound } from '../errors.ts';

export interface FileStorage {
  /**
   * Stores the stream's bytes under `key`. The blob appears only once the stream ended
   * well; when the stream (or the write) fails, nothing is left behind and the stream's
   * error is rethrown.
   */
  put(key: string, body: Readable): Promise<void>;
  /** The stored bytes; NotFound when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes the blob; removing a missing blob is not an error. */
  delete(key: string): Promise<void>;
}

// Keys are made by Parlor (workspace/uuid), never from a client's file name; checking the
// shape anyway keeps a bug elsewhere from turning into a path traversal.
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

export class LocalStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error(`bad storage key "${key}"`);
    return join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<void> {
    const path = this.path(key);
    const partial = `${path}.part`;
    // Private (0700 directories, 0600 files): uploads are visitors' and brokerages' files.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    try {
      // flush: fsync before close, so an acknowledged upload survives a crash.
      await pipeline(body, createWriteStream(partial, { flags: 'wx', flush: true, mode: 0o600 }));
      await rename(partial, path);
    } catch (err) {
      body.destroy();
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.path(key);
    try {
      await stat(path);
    } catch {
      throw new NotFound(`file blob "${key}"`);
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
