// Size limits are enforced while the bytes stream, by kind, on both upload paths (files/README.md).
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobsOf, preUpload, putBytes, rejectionsOf, rowsOf, uploadMultipart } from '../../test/files-client.ts';
import { buildTestApp, newWorkspace, type TestApp } from '../../test/harness.ts';
import { HEADERS, MB, multipartStream, paddedStream } from '../../test/sample-files.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Counts the bytes the server pulled from a stream. */
function counted(source: Readable) {
  const meter = { read: 0 };
  async function* pass() {
    for await (const chunk of source) {
      meter.read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  return { stream: Readable.from(pass(), { objectMode: false }), meter };
}

describe('one byte over the limit is refused with 413 naming it; no bytes stay', () => {
  const cases = [
    ['image (JPEG)', HEADERS.jpeg, 20 * MB, 'file: images may be at most 20 MB'],
    ['audio (WAV)', HEADERS.wav, 25 * MB, 'file: audio files may be at most 25 MB'],
    ['video (MP4)', HEADERS.mp4, 100 * MB, 'file: videos may be at most 100 MB'],
  ] as const;

  it.each(cases)('%s through the pre-upload URL', async (_kind, header, limit, message) => {
    const ws = await newWorkspace(t.db);
    const pre = await preUpload(t.app, ws.auth, 'big.bin');
    const r = await putBytes(t.app, pre.PreUploadUrl, paddedStream(header, limit + 1));
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ Success: false, Code: 413, Data: null, Message: message });
    // Only the refusal stays, for CompleteUpload to repeat; the sweeper removes it.
    expect(await rejectionsOf(t, ws.workspaceId)).toEqual([{ status: 'rejected', rejection: message }]);
    expect(blobsOf(t, ws.workspaceId)).toEqual([]);
  });

  it('an image through the multipart upload', async () => {
    const ws = await newWorkspace(t.db);
    const r = await uploadMultipart(
      t.app,
      ws.auth,
      'big.jpg',
      multipartStream('big.jpg', paddedStream(HEADERS.jpeg, 20 * MB + 1)),
    );
    expect(r.status).toBe(413);
    expect(r.body.Message).toBe('file: images may be at most 20 MB');
    expect(await rowsOf(t, ws.workspaceId)).toEqual([]);
    expect(blobsOf(t, ws.workspaceId)).toEqual([]);
  });
});

describe('the limit is checked while streaming, not after', () => {
  it('stops reading a 60 MB "image" soon after its 20 MB limit', async () => {
    const ws = await newWorkspace(t.db);
    const pre = await preUpload(t.app, ws.auth, 'huge.jpg');
    const { stream, meter } = counted(paddedStream(HEADERS.jpeg, 60 * MB));
    const r = await putBytes(t.app, pre.PreUploadUrl, stream);
    expect(r.status).toBe(413);
    // Some buffers may be in flight when the check fires; far less than the whole file is read.
    expect(meter.read).toBeLessThan(22 * MB);
    expect(meter.read).toBeGreaterThan(20 * MB);
  });
});

describe('exactly at the limit is accepted', () => {
  it('a 20 MB image and a 25 MB WAV', async () => {
    const ws = await newWorkspace(t.db);
    const image = await putBytes(
      t.app,
      (await preUpload(t.app, ws.auth, 'a.jpg')).PreUploadUrl,
      paddedStream(HEADERS.jpeg, 20 * MB),
    );
    expect(image.status).toBe(200);
    expect(image.body.Data).toMatchObject({ Kind: 'image', Size: 20 * MB });
    const audio = await uploadMultipart(
      t.app,
      ws.auth,
      'a.wav',
      multipartStream('a.wav', paddedStream(HEADERS.wav, 25 * MB)),
    );
    expect(audio.status).toBe(200);
    expect(audio.body.Data).toMatchObject({ Kind: 'audio', Mime: 'audio/wav', Size: 25 * MB, Status: 'active' });
    expect(blobsOf(t, ws.workspaceId)).toHaveLength(2);
  });
});
