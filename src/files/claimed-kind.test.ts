// A name that claims an image, audio or video type while the bytes are something else is a 415
// naming the type found, on every upload path; a document is still recognised by its bytes
// when its name says document or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorFrom } from '../../test/abuse/client.ts';
import { blobsOf, preUpload, putBytes, rowsOf, uploadMultipart } from '../../test/files-client.ts';
import { buildTestApp, newWorkspace, post, type TestApp } from '../../test/harness.ts';
import { type Samples, sampleFiles } from '../../test/sample-files.ts';
import { demoChatbot } from '../../test/widget/fixture.ts';
import { claimedKind } from './claimed-kind.ts';

let t: TestApp;
let samples: Samples;
beforeAll(async () => {
  [t, samples] = await Promise.all([buildTestApp(), sampleFiles()]);
});
afterAll(() => t.close());

const TEXT = Buffer.from('Office hours: Monday to Friday, 9 to 5.\nParking behind the building.\n');

describe('claimedKind', () => {
  it.each([
    ['photo.png', 'image'],
    ['IMG_0042.JPEG', 'image'],
    ['tour.mov', 'video'],
    ['walkthrough.MP4', 'video'],
    ['message.mp3', 'audio'],
    ['voice.wav', 'audio'],
    ['guide.pdf', null],
    ['notes.md', null],
    ['faq.txt', null],
    ['listing', null],
    ['.png', 'image'],
    ['archive.tar.gz', null],
  ])('%s claims %s', (name, kind) => {
    expect(claimedKind(name)).toBe(kind);
  });
});

describe('every upload path refuses a name its bytes do not bear out', () => {
  it('the pre-upload PUT: 415 naming the type found, nothing kept, CompleteUpload repeats it', async () => {
    const ws = await newWorkspace(t.db);
    const pre = await preUpload(t.app, ws.auth, 'photo.png');
    const r = await putBytes(t.app, pre.PreUploadUrl, TEXT);
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ Success: false, Code: 415, Data: null });
    expect(r.body.Message).toBe(
      'file: the name "photo.png" says an image, but its bytes are text/plain; upload the file itself, or name it for what it is',
    );
    const again = await post(t.app, '/chat/User/CompleteUpload', { FileStoreId: pre.FileStoreId }, ws.auth);
    expect(again.body).toMatchObject({ Code: 415, Message: r.body.Message });
    expect(blobsOf(t, ws.workspaceId)).toEqual([]);
  });

  it.each([
    ['tour.mp4', 'photo.png', 'a video', 'image/png'],
    ['voice.wav', 'clip.mp4', 'audio', 'video/mp4'],
    ['snap.jpg', 'guide.pdf', 'an image', 'application/pdf'],
  ] as const)('the multipart upload: %s holding another kind is 415', async (name, sample, says, found) => {
    const ws = await newWorkspace(t.db);
    const bytes = sample === 'guide.pdf' ? Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n') : samples[sample];
    const r = await uploadMultipart(t.app, ws.auth, name, bytes);
    expect(r.status).toBe(415);
    expect(r.body.Message).toBe(
      `file: the name "${name}" says ${says}, but its bytes are ${found}; upload the file itself, or name it for what it is`,
    );
    expect(await rowsOf(t, ws.workspaceId)).toEqual([]);
    expect(blobsOf(t, ws.workspaceId)).toEqual([]);
  });

  it("a widget visitor's upload", async () => {
    const { serial } = await demoChatbot(t, { EnableUploadImage: true });
    const v = await visitorFrom(t.app, '198.51.100.77', serial);
    const r = await uploadMultipart(t.app, { 'chatrobot-sessionkey': v.SessionKey }, 'selfie.jpg', TEXT);
    expect(r.status).toBe(415);
    expect(r.body.Message).toMatch(/^file: the name "selfie\.jpg" says an image, but its bytes are text\/plain/);
    // The same visitor's real image is taken.
    const ok = await uploadMultipart(
      t.app,
      { 'chatrobot-sessionkey': v.SessionKey },
      'selfie.jpg',
      samples['photo.jpg'],
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a document is still recognised by its bytes when its name says document or nothing', async () => {
    const ws = await newWorkspace(t.db);
    for (const name of ['faq.txt', 'faq.md', 'faq', 'faq.pdf', 'office hours']) {
      const r = await uploadMultipart(t.app, ws.auth, name, TEXT);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.Data).toMatchObject({ Kind: 'document', Mime: 'text/plain' });
    }
    // An image named as a document keeps being an image: the name claims no media type.
    const png = await uploadMultipart(t.app, ws.auth, 'floor-plan.pdf', samples['photo.png']);
    expect(png.body.Data).toMatchObject({ Kind: 'image', Mime: 'image/png' });
  });
});
