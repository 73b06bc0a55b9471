// The model books a showing (DESIGN §3.12): a recorded OpenAI stream (fixtures/openai-tour.*.sse)
// calls find_tour_slots, then book_tour with a start it returned, then confirms; through
// ClientAsk as JSON and streamed, whole and in slices. Asserted: what each tool answered the
// model (the follow-up requests), the showing booked (AppointmentList, a lead of Type
// Appointment), the answer's Tour card (Data, final frame, GetMessages), and the exact answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testClock } from '../harness.ts';
import { FIXTURES } from './fixtures/index.ts';
import { type ProviderApp, providerApp } from './provider-app.ts';
import { MODELS_ENV, type Mode, messagesOf, runFixture } from './replay.ts';

// Thursday 2026-03-05, 09:00 in Austin; the showing is Saturday's 10:00 (CST, -06:00).
const clock = testClock(new Date('2026-03-05T15:00:00Z'));
const ANSWER =
  'You’re booked to see 1208 Barton Hills Dr on Sat, Mar 7, 10:00 AM. A confirmation with a calendar invitation is ' +
  'on its way to jane@example.com; its link lets you cancel or choose another time.';

let p: ProviderApp;
beforeAll(async () => {
  p = await providerApp({ PARLOR_MODELS: MODELS_ENV, PARLOR_PUBLIC_URL: 'https://parlor.example.com' }, { clock });
});
afterAll(() => p.close());

const VARIANTS: { mode: Mode; sliceBytes?: number; label: string }[] = [
  { mode: 'json', label: 'JSON, whole' },
  { mode: 'stream', label: 'streamed, whole' },
  { mode: 'stream', sliceBytes: 7, label: 'streamed, in slices' },
];

const toolResult = (messages: { role: string; content?: unknown }[]) =>
  JSON.parse(String(messages.findLast((m) => m.role === 'tool')?.content ?? 'null')) as Record<string, unknown>;

describe.each(VARIANTS)('find_tour_slots then book_tour ($label)', ({ mode, sliceBytes }) => {
  it('books the showing the model chose and answers its card', async () => {
    const run = await runFixture(p, {
      model: 'openai',
      mode,
      sliceBytes,
      files: FIXTURES.openaiTour.files,
      settings: { TimeZone: 'America/Chicago' },
      question: 'Can I see ATX-24017 this Saturday at 10? I’m Jane Doe, jane@example.com',
      prepare: async (s) => {
        await call(
          p.app,
          '/chat/Chatbot/SetAvailability',
          { serialNumber: s.serial, Hours: [{ Day: 'Sat', Start: '10:00', End: '14:00' }] },
          s.ws.auth,
        );
      },
    });
    expect(run.error).toBeNull();
    expect(run.answer).toBe(ANSWER);
    expect(run.requests).toHaveLength(3);

    const slots = toolResult(messagesOf(run.requests[1]));
    expect(slots).toMatchObject({
      available: true,
      timeZone: 'America/Chicago',
      listing: { mlsNumber: 'ATX-24017', address: '1208 Barton Hills Dr, Austin, TX' },
      more: 0,
    });
    expect(slots.slots).toEqual(
      ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '1:00', '1:30'].map((time, i) => ({
        start: `2026-03-07T${String(10 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00-06:00`,
        when: `Sat, Mar 7, ${time} ${i < 4 ? 'AM' : 'PM'}`,
      })),
    );

    const booked = toolResult(messagesOf(run.requests[2]));
    expect(booked).toMatchObject({
      booked: true,
      start: '2026-03-07T10:00:00-06:00',
      when: 'Sat, Mar 7, 10:00 AM',
      address: '1208 Barton Hills Dr, Austin, TX',
      manageUrl: expect.stringMatching(/^https:\/\/parlor\.example\.com\/tours\/manage\//),
    });

    const s = run.session;
    const list = await call<{ ID: number; Start: string; MLSNumber: string; Name: string; Email: string }[]>(
      p.app,
      '/chat/Chatbot/AppointmentList',
      { serialNumber: s.serial, From: '2026-03-07', To: '2026-03-07' },
      s.ws.auth,
    );
    expect(list).toEqual([
      expect.objectContaining({
        ID: booked.appointmentId,
        SessionID: s.sessionId,
        Start: '2026-03-07T10:00:00-06:00',
        MLSNumber: 'ATX-24017',
        Name: 'Jane Doe',
        Email: 'jane@example.com',
      }),
    ]);
    const leads = await call<{ Type: string; Source: string }[]>(
      p.app,
      '/chat/Chatbot/LeadList',
      { serialNumber: s.serial },
      s.ws.auth,
    );
    expect(leads).toEqual([expect.objectContaining({ Type: 'Appointment', Source: 'chat' })]);

    const card = {
      MLSNumber: 'ATX-24017',
      Address: '1208 Barton Hills Dr, Austin, TX',
      Slots: [],
      Appointment: expect.objectContaining({
        AppointmentID: booked.appointmentId,
        Start: '2026-03-07T10:00:00-06:00',
        Label: 'Sat, Mar 7, 10:00 AM',
        Status: 'booked',
        ManageUrl: booked.manageUrl,
      }),
    };
    expect(run.tour).toEqual(card);
    const messages = await call<{ List: { Role: string; Tour?: unknown }[] }>(
      p.app,
      '/chat/Chat/GetMessages',
      { sessionID: s.sessionId },
      s.ws.auth,
    );
    expect(messages.List.find((m) => m.Role === 'assistant')?.Tour).toEqual(card);
  });
});
