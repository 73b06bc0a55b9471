// Malformed multipart bodies to /chat/File/Upload answer 400 in the envelope and store
// nothing: no boundary, a body cut short, a part that is not a file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobsOf, rowsOf } from '../../test/files-client.ts';
import { buildTestApp, newWorkspace, type TestApp } from '../../test/harness.ts';
import { HEADERS } from '../../test/sample-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const B = 'parlor-test-boundary';
const jpeg = Buffer.concat([HEADERS.jpeg, Buffer.alloc(2000, 1)]);

function filePart(disposition: string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${B}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: image/jpeg\r\n\r\n`),
    jpeg,
  ]);
}

const END = Buffer.from(`\r\n--${B}--\r\n`);

describe('malformed multipart', () => {
  it.each([
    [
      'no boundary',
      'multipart/form-data',
      Buffer.concat([filePart('name="file"; filename="a.jpg"'), END]),
      'body: is not valid multipart/form-data (no boundary, a malformed part, or cut short)',
    ],
    [
      'a body cut short',
      `multipart/form-data; boundary=${B}`,
      filePart('name="file"; filename="a.jpg"'),
      'body: is not valid multipart/form-data (no boundary, a malformed part, or cut short)',
    ],
    [
      'a part without a filename',
      `multipart/form-data; boundary=${B}`,
      Buffer.concat([filePart('name="file"'), END]),
      'file: required: a multipart/form-data body with one file part',
    ],
  ])('%s: 400, nothing stored', async (_case, contentType, payload, message) => {
    const ws = await newWorkspace(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat/File/Upload',
      payload,
      headers: { ...ws.auth, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 400, Success: false, Data: null, Message: message });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await rowsOf(t, ws.workspaceId)).toEqual([]);
    expect(blobsOf(t, ws.workspaceId)).toEqual([]);
  });
});
