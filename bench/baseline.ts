// The baseline measured beside Parlor in the same run: bench/baseline-server.ts (raw
// node:http) answering Parlor's own RealEstateList answer, loaded with the same request
// bodies right before each Parlor step, so both see the same machine.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoadResult, type LoadSpec, measure } from './lib/load.ts';
import { freePort, type ServerProcess, startProcess } from './lib/server-process.ts';

export class Baseline {
  #server: ServerProcess | null = null;
  #dir: string | null = null;
  answerBytes = 0;

  /** Starts the server on first use, answering with `answer` from then on. */
  async ensure(answer: string): Promise<void> {
    if (this.#server) return;
    this.#dir = mkdtempSync(join(tmpdir(), 'parlor-baseline-'));
    const file = join(this.#dir, 'answer.json');
    writeFileSync(file, answer);
    this.answerBytes = Buffer.byteLength(answer);
    this.#server = await startProcess({
      args: ['bench/baseline-server.ts'],
      env: { BASELINE_BODY_FILE: file },
      port: await freePort(),
      readyPath: '/',
    });
  }

  /** The same load as `spec`, against the baseline instead. */
  async measure(spec: Omit<LoadSpec, 'url' | 'serverPid'>): Promise<LoadResult> {
    if (!this.#server) throw new Error('baseline not started');
    return measure({ ...spec, url: this.#server.url, serverPid: this.#server.child.pid });
  }

  async stop(): Promise<void> {
    await this.#server?.stop('SIGTERM');
    if (this.#dir) rmSync(this.#dir, { recursive: true, force: true });
    this.#server = null;
  }
}
