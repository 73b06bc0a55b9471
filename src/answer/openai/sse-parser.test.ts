import { describe, expect, it } from 'vitest';
import { sseParser } from './sse-parser.ts';

function events(...chunks: string[]): string[] {
  const out: string[] = [];
  const feed = sseParser((d) => out.push(d));
  for (const c of chunks) feed(c);
  return out;
}

describe('sseParser', () => {
  it('passes on the data of each event, in order', () => {
    expect(events('data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n')).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
  });

  it('joins events split anywhere across chunks, CRLF included', () => {
    const text = 'data: {"a":1}\r\n\r\ndata:{"b":2}\n\n';
    const split = [...text].map((c) => c);
    expect(events(...split)).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('joins multi-line data and skips comments, event and id lines', () => {
    expect(events(': keep-alive\n\nevent: message\nid: 7\ndata: one\ndata: two\n\n')).toEqual(['one\ntwo']);
  });

  it('holds an event until its blank line arrives', () => {
    expect(events('data: {"a":1}\n')).toEqual([]);
  });

  it("passes llama.cpp's `error:` events to onError, data events to onData", () => {
    const data: string[] = [];
    const errors: string[] = [];
    const feed = sseParser(
      (d) => data.push(d),
      (e) => errors.push(e),
    );
    feed('data: {"a":1}\n\nerror: {"message":"boom"}\n\ndata: [DONE]\n\n');
    expect(data).toEqual(['{"a":1}', '[DONE]']);
    expect(errors).toEqual(['{"message":"boom"}']);
  });
});
