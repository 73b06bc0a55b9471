// Server-sent events as OpenAI-compatible providers send them (the WHATWG event-stream
// format, reduced to what chat completions use): the `data:` lines of each event, joined
// by newlines, are passed on when the event ends with a blank line. Comments (`:`, e.g.
// OpenRouter's `: OPENROUTER PROCESSING`), `event:`, `id:` and `retry:` lines are skipped.
// llama.cpp's server reports a failure mid-stream as an `error:` field instead of `data:`;
// a standard parser would drop it, so those lines go to onError. Chunks may split lines
// anywhere.

/** Returns a function to feed decoded text to; calls onData once per complete event. */
export function sseParser(onData: (data: string) => void, onError?: (data: string) => void): (text: string) => void {
  let pending = '';
  let data: string[] = [];
  let error: string[] | null = null;
  return (text) => {
    pending += text;
    let start = 0;
    for (;;) {
      const nl = pending.indexOf('\n', start);
      if (nl < 0) break;
      let line = pending.slice(start, nl);
      start = nl + 1;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (data.length) onData(data.join('\n'));
        else if (error && onError) onError(error.join('\n'));
        data = [];
        error = null;
      } else if (line.startsWith('data:')) {
        data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
      } else if (line.startsWith('error:')) {
        error ??= [];
        error.push(line.charCodeAt(6) === 32 ? line.slice(7) : line.slice(6));
      }
    }
    pending = pending.slice(start);
  };
}
