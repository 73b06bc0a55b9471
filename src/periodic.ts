// A job run every `everyMs` in the background, one run at a time (a run still going when the
// next is due skips that turn), its failures reported, never keeping the process alive.
// Housekeeping (the empty-session and file sweeps) runs on it.

/** Starts the job; the returned function stops it. */
export function startPeriodic(
  job: () => Promise<unknown>,
  everyMs: number,
  onError: (err: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    job()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
