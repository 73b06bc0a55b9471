// Resident memory of a process (VmRSS from /proc/<pid>/status), and a sampler that keeps
// the peak while a load runs.
import { readFileSync } from 'node:fs';

/** Resident set size in MB, or null where /proc is not available. */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export interface RssSampler {
  /** The highest RSS seen since start, in MB. */
  peak(): number | null;
  stop(): void;
}

export function sampleRss(pid: number | undefined, everyMs = 100): RssSampler {
  let peak: number | null = null;
  const take = () => {
    const mb = rssMb(pid);
    if (mb !== null && (peak === null || mb > peak)) peak = mb;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    peak: () => peak,
    stop: () => {
      clearInterval(timer);
      take();
    },
  };
}
