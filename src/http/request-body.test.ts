// Bodies as platform clients send them: JSON with no Content-Type, JSON labelled as a form
// (what `curl -d '{…}'` sends), and real form fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, type TestApp, type TestWorkspace } from '../../test/harness.ts';

let t: TestApp;
let ws: TestWorkspace;
let serial: string;
beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
  serial = await createChatbot(t.app, ws.auth);
});
afterAll(() => t.close());

async function list(payload: string, contentType?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/chat/Chatbot/RealEstateList',
    payload,
    headers: { authorization: ws.apiKey, ...(contentType ? { 'content-type': contentType } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('request bodies', () => {
  it('are JSON without a Content-Type', async () => {
    const r = await list(JSON.stringify({ SerialNumber: serial, PageSize: 5 }));
    expect(r.body).toMatchObject({ Success: true, Data: { List: [], VirtualCount: 0 } });
  });

  it('are JSON when labelled application/x-www-form-urlencoded (curl -d)', async () => {
    const r = await list(JSON.stringify({ SerialNumber: serial }), 'application/x-www-form-urlencoded');
    expect(r.body).toMatchObject({ Success: true, Code: 200 });
  });

  it('are form fields when really form-encoded, validated like JSON', async () => {
    const ok = await list(`SerialNumber=${serial}&PageSize=5&SaleType=for_sale`, 'application/x-www-form-urlencoded');
    expect(ok.body).toMatchObject({ Success: true, Code: 200 });
    const bad = await list(`SerialNumber=${serial}&PageSize=500`, 'application/x-www-form-urlencoded');
    expect(bad.body).toMatchObject({ Code: 400, Message: 'PageSize: must be <= 100' });
  });

  it('answers malformed JSON with 400 naming the body', async () => {
    const r = await list('{"SerialNumber": ', 'application/json');
    expect(r).toMatchObject({ status: 400, body: { Code: 400, Message: 'body: must be valid JSON' } });
  });
});
