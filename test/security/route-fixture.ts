// What the shared security suite needs to call every route: two workspaces (the owner A and
// another B), A's chatbot, listing, session, visitor, lead and file, a revoked key, and for
// every route of the OpenAPI document a case saying who may call it and a valid body acting
// on A's resources. The routes come from the app's own document, so a new route without a
// case here fails the suite instead of skipping it.

import { createKey, revokeKey } from '../../src/workspaces/repo.ts';
import { createChatbot, createListing, LEAD, listingBody } from '../factories.ts';
import { buildTestApp, call, newWorkspace, type TestApp, type TestWorkspace } from '../harness.ts';
import { multipartFile, PNG_1X1 } from '../widget/fixture.ts';

export interface Visitor {
  SessionID: number;
  SessionKey: string;
}

export interface Fixture {
  t: TestApp;
  a: TestWorkspace;
  b: TestWorkspace;
  /** A's chatbot, named with SECRET_NAME: an answer to B must never contain it. */
  serial: string;
  listingId: number;
  sessionId: number;
  visitor: Visitor;
  /** A visitor of B's chatbot: its key must not reach A's sessions. */
  otherVisitor: Visitor;
  fileId: number;
  revokedKey: string;
}

export const SECRET_NAME = 'Zebracorn Secret Realty';

export type Access = 'workspace' | 'visitor' | 'public';
export type BodyKind = 'json' | 'multipart' | 'raw' | 'none';

export interface Request {
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

export interface RouteCase {
  access: Access;
  body: BodyKind;
  /** Names one of A's resources: B's key gets 404 and the resource is untouched. */
  owned: boolean;
  /** A valid request on A's resources (called per request: destructive ones make fresh resources). */
  valid(f: Fixture): Promise<Request>;
  /** A stream that stays open while it succeeds (Subscribe): never sent expecting success. */
  endless?: boolean;
}

const json = (url: string, body: Record<string, unknown>): Request => ({ url, payload: JSON.stringify(body) });

async function freshChatbot(f: Fixture): Promise<string> {
  return createChatbot(f.t.app, f.a.auth, 'Fresh Realty');
}

function route(access: Access, owned: boolean, valid: (f: Fixture) => Request | Promise<Request>): RouteCase {
  return { access, body: 'json', owned, valid: async (f) => valid(f) };
}

/** Keyed "METHOD path" as the OpenAPI document writes paths. */
export const ROUTES: Record<string, RouteCase> = {
  'POST /chat/Chatbot/Add': route('workspace', false, () =>
    json('/chat/Chatbot/Add', { timeZone: 'America/Chicago', type: 0 }),
  ),
  'POST /chat/Chatbot/Remove': route('workspace', true, async (f) =>
    json('/chat/Chatbot/Remove', { serialNumber: await freshChatbot(f) }),
  ),
  'POST /chat/Chatbot/Edit': route('workspace', true, (f) =>
    json('/chat/Chatbot/Edit', { serialNumber: f.serial, WelcomeMessage: 'Hi there' }),
  ),
  'POST /chat/Chatbot/Get': route('workspace', true, (f) => json('/chat/Chatbot/Get', { serialNumber: f.serial })),
  'POST /chat/Chatbot/List': route('workspace', false, () => json('/chat/Chatbot/List', {})),
  'GET /chat/Chatbot/ModelList': {
    access: 'workspace',
    body: 'none',
    owned: false,
    valid: async () => ({ url: '/chat/Chatbot/ModelList' }),
  },
  'POST /chat/Chatbot/ModelList': route('workspace', false, () => json('/chat/Chatbot/ModelList', {})),
  'POST /chat/Chatbot/RealEstateCreate': route('workspace', true, (f) =>
    json('/chat/Chatbot/RealEstateCreate', listingBody(f.serial)),
  ),
  'POST /chat/Chatbot/RealEstateUpdate': route('workspace', true, (f) =>
    json('/chat/Chatbot/RealEstateUpdate', {
      SerialNumber: f.serial,
      KeyType: 'NewOaks',
      Key: String(f.listingId),
      Bedrooms: 4,
    }),
  ),
  'POST /chat/Chatbot/RealEstateList': route('workspace', true, (f) =>
    json('/chat/Chatbot/RealEstateList', { SerialNumber: f.serial }),
  ),
  'POST /chat/Chatbot/RealEstateDelete': route('workspace', true, async (f) => {
    const id = await createListing(f.t.app, f.a.auth, listingBody(f.serial));
    return json('/chat/Chatbot/RealEstateDelete', { SerialNumber: f.serial, KeyType: 'NewOaks', Keys: [String(id)] });
  }),
  'POST /chat/Chatbot/GetSession': route('workspace', true, (f) =>
    json('/chat/Chatbot/GetSession', { serialNumber: f.serial }),
  ),
  'POST /chat/Chat/ClientAsk': route('workspace', true, (f) =>
    json('/chat/Chat/ClientAsk', { sessionID: f.sessionId, content: 'Hello' }),
  ),
  'POST /chat/Chat/GetMessages': route('workspace', true, (f) =>
    json('/chat/Chat/GetMessages', { sessionID: f.sessionId }),
  ),
  'POST /chat/Chat/TalkToHuman': route('visitor', true, (f) =>
    json('/chat/Chat/TalkToHuman', { sessionID: f.visitor.SessionID, ...LEAD }),
  ),
  'POST /chat/Chat/Resume': route('workspace', true, (f) => json('/chat/Chat/Resume', { sessionID: f.sessionId })),
  // Each request rates a fresh answer of the visitor's session.
  'POST /chat/Chat/RateAnswer': route('visitor', true, async (f) => {
    const answer = await call<{ messageid: number }>(
      f.t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: f.visitor.SessionID, content: 'Hello' },
      f.a.auth,
    );
    return json('/chat/Chat/RateAnswer', { sessionID: f.visitor.SessionID, messageId: answer.messageid, rating: 'up' });
  }),
  // Each request opens a card of a fresh answer that shows A's listings.
  'POST /chat/Chat/OpenListing': route('visitor', true, async (f) => {
    const answer = await call<{ messageid: number; Listings: { ID: number }[] }>(
      f.t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: f.visitor.SessionID, content: 'homes for sale in Austin' },
      f.a.auth,
    );
    const listingId = answer.Listings[0]?.ID ?? f.listingId;
    return json('/chat/Chat/OpenListing', { sessionID: f.visitor.SessionID, messageId: answer.messageid, listingId });
  }),
  'POST /chat/Chatbot/ExportConversations': route('workspace', true, (f) =>
    json('/chat/Chatbot/ExportConversations', { serialNumber: f.serial, from: '2026-01-01', to: '2026-12-31' }),
  ),
  'POST /chat/Workspace/EraseVisitor': route('workspace', false, () =>
    json('/chat/Workspace/EraseVisitor', { Email: 'nobody-here@example.com', DryRun: true }),
  ),
  'POST /chat/Workspace/GetPrivacyAudit': route('workspace', false, () => json('/chat/Workspace/GetPrivacyAudit', {})),
  'POST /chat/Workspace/SetCrm': route('workspace', false, () => json('/chat/Workspace/SetCrm', { Provider: 'None' })),
  'POST /chat/Workspace/GetCrm': route('workspace', false, () => json('/chat/Workspace/GetCrm', {})),
  'POST /chat/Chatbot/EditKnowledge': route('workspace', true, (f) =>
    json('/chat/Chatbot/EditKnowledge', {
      serialNumber: f.serial,
      text: 'Office hours: Monday to Saturday, 9 am to 6 pm.',
      qaList: [{ key: 'Do you charge buyers a fee?', value: 'No.' }],
    }),
  ),
  'POST /chat/Chatbot/GetSource': route('workspace', true, (f) =>
    json('/chat/Chatbot/GetSource', { serialNumber: f.serial }),
  ),
  'POST /chat/Chat/AgentReply': route('workspace', true, (f) =>
    json('/chat/Chat/AgentReply', { sessionID: f.sessionId, content: 'Hello from a person' }),
  ),
  'POST /chat/Chat/Subscribe': {
    ...route('visitor', true, (f) => json('/chat/Chat/Subscribe', { sessionID: f.visitor.SessionID })),
    endless: true,
  },
  'POST /chat/Chatbot/GetLeads': route('workspace', true, (f) =>
    json('/chat/Chatbot/GetLeads', { serialNumber: f.serial }),
  ),
  'POST /chat/Chatbot/LeadList': route('workspace', true, (f) =>
    json('/chat/Chatbot/LeadList', { serialNumber: f.serial }),
  ),
  'POST /chat/Workspace/SetWebhook': route('workspace', false, () =>
    json('/chat/Workspace/SetWebhook', { Url: 'https://93.184.215.14/parlor-hook', Events: ['lead.created'] }),
  ),
  'POST /chat/Workspace/GetWebhooks': route('workspace', false, () => json('/chat/Workspace/GetWebhooks', {})),
  'POST /chat/Chatbot/ChatContentHistory': route('workspace', true, (f) =>
    json('/chat/Chatbot/ChatContentHistory', { SerialNumber: f.serial }),
  ),
  'POST /chat/Chatbot/GetMessageCountByChatbot': route('workspace', true, (f) =>
    json('/chat/Chatbot/GetMessageCountByChatbot', { SerialNumber: f.serial }),
  ),
  'POST /chat/Chatbot/GetMessageCreditsUsage': route('workspace', false, () =>
    json('/chat/Chatbot/GetMessageCreditsUsage', {}),
  ),
  'POST /chat/Chatbot/SetSessionMessagesLimit': route('workspace', false, () =>
    json('/chat/Chatbot/SetSessionMessagesLimit', { MessagesLimit: -1 }),
  ),
  'POST /chat/Chatbot/SendTwilioMessage': route('workspace', true, (f) =>
    json('/chat/Chatbot/SendTwilioMessage', { SerialNumber: f.serial, ToPhoneNumber: '+15125550100', Message: 'Hi' }),
  ),
  'POST /chat/User/GetPreUploadUrl': route('workspace', false, () =>
    json('/chat/User/GetPreUploadUrl', { fileName: 'photo.png' }),
  ),
  'POST /chat/User/CompleteUpload': route('workspace', true, (f) =>
    json('/chat/User/CompleteUpload', { FileStoreId: f.fileId }),
  ),
  'POST /chat/File/Download': route('workspace', true, (f) => json('/chat/File/Download', { FileStoreId: f.fileId })),
  // Destructive: each request names a fresh file of A's.
  'POST /chat/File/Delete': route('visitor', true, async (f) => {
    const { payload, headers } = multipartFile('photo.png', Buffer.from(PNG_1X1, 'base64'));
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/chat/File/Upload',
      payload,
      headers: { ...headers, ...f.a.auth },
    });
    if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
    return json('/chat/File/Delete', {
      FileStoreId: Number((res.json() as { Data: { FileStoreId: string } }).Data.FileStoreId),
    });
  }),
  'POST /chat/File/Upload': {
    access: 'visitor',
    body: 'multipart',
    owned: false,
    valid: async () => {
      const { payload, headers } = multipartFile('photo.png', Buffer.from(PNG_1X1, 'base64'));
      return { url: '/chat/File/Upload', payload, headers };
    },
  },
  'PUT /files/upload/{id}': {
    access: 'public',
    body: 'raw',
    owned: false,
    valid: async (f) => {
      const pre = await call<{ PreUploadUrl: string }>(
        f.t.app,
        '/chat/User/GetPreUploadUrl',
        { fileName: 'photo.png' },
        f.a.auth,
      );
      const url = new URL(pre.PreUploadUrl);
      return {
        url: url.pathname + url.search,
        payload: Buffer.from(PNG_1X1, 'base64'),
        headers: { 'content-type': 'image/png' },
      };
    },
  },
  'POST /chat/Chatbot/GetConfig': route('public', false, (f) =>
    json('/chat/Chatbot/GetConfig', { serialNumber: f.serial }),
  ),
  'POST /chat/Chat/Ask': route('visitor', true, (f) =>
    json('/chat/Chat/Ask', { sessionID: f.visitor.SessionID, content: 'Hello', stream: false }),
  ),
  'GET /files/{id}/{name}': {
    access: 'public',
    body: 'none',
    owned: false,
    valid: async () => ({ url: '/files/1/x.png' }),
  },
  'GET /healthz': { access: 'public', body: 'none', owned: false, valid: async () => ({ url: '/healthz' }) },
  'GET /readyz': { access: 'public', body: 'none', owned: false, valid: async () => ({ url: '/readyz' }) },
  'GET /chatbot-iframe/{serial}': {
    access: 'public',
    body: 'none',
    owned: false,
    valid: async (f) => ({ url: `/chatbot-iframe/${f.serial}` }),
  },
  'GET /demo': { access: 'public', body: 'none', owned: false, valid: async () => ({ url: '/demo' }) },
  'POST /chat/Chatbot/SetAvailability': route('workspace', true, (f) =>
    json('/chat/Chatbot/SetAvailability', { serialNumber: f.serial, ...OPEN_HOURS }),
  ),
  'POST /chat/Chatbot/GetAvailability': route('workspace', true, (f) =>
    json('/chat/Chatbot/GetAvailability', { serialNumber: f.serial }),
  ),
  'POST /chat/Chat/GetTourSlots': route('visitor', true, (f) =>
    json('/chat/Chat/GetTourSlots', { sessionID: f.visitor.SessionID }),
  ),
  'POST /chat/Chat/BookTour': route('visitor', true, async (f) =>
    json('/chat/Chat/BookTour', await bookingBody(f, f.visitor.SessionID)),
  ),
  // Destructive: each request names a fresh showing of the visitor's session.
  'POST /chat/Chat/CancelTour': route('visitor', true, async (f) => {
    const booked = await call<{ AppointmentID: number }>(
      f.t.app,
      '/chat/Chat/BookTour',
      await bookingBody(f, f.visitor.SessionID),
      f.a.auth,
    );
    return json('/chat/Chat/CancelTour', { sessionID: f.visitor.SessionID, AppointmentID: booked.AppointmentID });
  }),
  'POST /chat/Chatbot/AppointmentList': route('workspace', true, (f) =>
    json('/chat/Chatbot/AppointmentList', { serialNumber: f.serial, From: '2026-01-01', To: '2026-12-31' }),
  ),
};

/** Showings any day, any time, by many at once: every valid booking finds room. Two days ahead keeps answers short. */
const OPEN_HOURS = {
  Hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((Day) => ({ Day, Start: '00:00', End: '24:00' })),
  NoticeMinutes: 0,
  HorizonDays: 2,
  Capacity: 100,
  MaxUpcomingPerVisitor: 50,
};

let start = '';

/**
 * A BookTour body for a free slot of A's chatbot tomorrow (found once), with a phone only, so
 * that a booking queues no e-mail. The session's earlier showings are cancelled first (in the
 * database), so that the suites' many calls stay under the per-visitor cap and the capacity.
 */
async function bookingBody(f: Fixture, sessionID: number) {
  await f.t.db.kysely
    .updateTable('appointments')
    .set({ status: 'cancelled' })
    .where('session_id', '=', sessionID)
    .where('status', '=', 'booked')
    .execute();
  if (!start || Date.parse(start) < Date.now() + 3_600_000) {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const slots = await call<{ Start: string }[]>(
      f.t.app,
      '/chat/Chat/GetTourSlots',
      { sessionID, From: tomorrow, Days: 1 },
      f.a.auth,
    );
    start = slots.at(-1)?.Start ?? '';
  }
  return { sessionID, Start: start, Name: 'Jane Doe', Phone: '+1 512 555 0100' };
}

export async function buildFixture(): Promise<Fixture> {
  const t = await buildTestApp({
    // SMS configured (never sent: the outbox worker is off) so that SendTwilioMessage reaches its checks.
    env: {
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+15125550199',
      TWILIO_BASE_URL: 'http://127.0.0.1:9',
    },
  });
  const a = await newWorkspace(t.db, 'Workspace A');
  const b = await newWorkspace(t.db, 'Workspace B');
  const serial = await createChatbot(t.app, a.auth, SECRET_NAME);
  const listingId = await createListing(t.app, a.auth, listingBody(serial));
  await call(t.app, '/chat/Chatbot/SetAvailability', { serialNumber: serial, ...OPEN_HOURS }, a.auth);
  const { SessionID: sessionId } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    a.auth,
  );
  const visitor = await call<Visitor>(t.app, '/chat/Chatbot/GetConfig', { serialNumber: serial }, {});
  const bSerial = await createChatbot(t.app, b.auth, 'Other Realty');
  const otherVisitor = await call<Visitor>(t.app, '/chat/Chatbot/GetConfig', { serialNumber: bSerial }, {});
  const pre = await call<{ FileStoreId: string; PreUploadUrl: string }>(
    t.app,
    '/chat/User/GetPreUploadUrl',
    { fileName: 'photo.png' },
    a.auth,
  );
  const put = new URL(pre.PreUploadUrl);
  const uploaded = await t.app.inject({
    method: 'PUT',
    url: put.pathname + put.search,
    payload: Buffer.from(PNG_1X1, 'base64'),
    headers: { 'content-type': 'image/png' },
  });
  if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
  const revokedKey = (await createKey(t.db.kysely, a.workspaceId, 'api', new Date())) ?? '';
  await revokeKey(t.db.kysely, revokedKey, new Date());
  return {
    t,
    a,
    b,
    serial,
    listingId,
    sessionId,
    visitor,
    otherVisitor,
    fileId: Number(pre.FileStoreId),
    revokedKey,
  };
}

/** The routes of the app's OpenAPI document, as "METHOD path". */
export function documentedRoutes(f: Fixture): string[] {
  const doc = f.t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

/** The credential headers a caller of the route's kind presents for A. */
export function ownerHeaders(f: Fixture, c: RouteCase): Record<string, string> {
  if (c.access === 'workspace') return f.a.auth;
  if (c.access === 'visitor') return { 'chatrobot-sessionkey': f.visitor.SessionKey };
  return {};
}
