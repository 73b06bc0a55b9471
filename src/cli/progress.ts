// A one-line progress bar on stderr, redrawn with \r. Only on a terminal: piped output and
// --json stay clean.
import type { CliIo } from './io.ts';

const WIDTH = 30;

export interface Progress {
  update(done: number): void;
  finish(): void;
}

export function progressBar(io: CliIo, total: number, enabled: boolean): Progress {
  if (!enabled || !io.stderrIsTTY || total === 0) return { update() {}, finish() {} };
  return {
    update(done) {
      const share = Math.min(1, done / total);
      const filled = Math.round(share * WIDTH);
      const bar = '#'.repeat(filled) + '.'.repeat(WIDTH - filled);
      io.stderr(`\r[${bar}] ${String(Math.floor(share * 100)).padStart(3)}% ${done}/${total} rows`);
    },
    finish() {
      io.stderr('\r\x1b[K');
    },
  };
}
