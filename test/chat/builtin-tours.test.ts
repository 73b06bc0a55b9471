// The builtin engine books a showing in the conversation (docs/tours.md, "In the chat"), in
// English, Spanish and French, through ClientAsk with the real TourDesk: "the second one"
// resolves to the listing the last answer showed second, the asked time when it is free, the
// nearest free slots when it is taken (at the ask, and at the booking when someone else took
// it meanwhile), a name and a contact over several turns, and the booking as AppointmentList
// and the answer's Tour card show it. The clock is Monday 2026-11-02, 09:00 in Chicago.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, createListing, listingBody } from '../factories.ts';
import { buildTestApp, call, type TestApp, type TestWorkspace, testClock } from '../harness.ts';
import { expectSlotCountsMatch } from '../tours/slot-counts.ts';

const clock = testClock(new Date('2026-11-02T15:00:00Z'));
let t: TestApp;
let ws: TestWorkspace;
let serial: string;
const MLS = ['first', 'second', 'third'].map((_, i) => `TOURCHAT-${process.pid}-${i + 1}`);

interface Slot {
  Start: string;
  Label: string;
}
interface Answer {
  content: string;
  Listings: { MLSNumber: string }[];
  Tour?: {
    MLSNumber: string;
    Address: string;
    Slots: Slot[];
    Appointment: { AppointmentID: number; Start: string; Label: string; ManageUrl: string } | null;
  };
}
interface Appointment {
  ID: number;
  SessionID: number;
  Start: string;
  MLSNumber: string;
  Name: string;
  Email: string;
  Phone: string;
  Status: string;
}

async function session(): Promise<number> {
  return (await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: serial }, ws.auth))
    .SessionID;
}

const ask = (sessionID: number, content: string) =>
  call<Answer>(t.app, '/chat/Chat/ClientAsk', { sessionID, content }, ws.auth);

const appointments = (sessionID: number) =>
  call<Appointment[]>(
    t.app,
    '/chat/Chatbot/AppointmentList',
    { serialNumber: serial, From: '2026-11-02', To: '2026-11-16' },
    ws.auth,
  ).then((list) => list.filter((a) => a.SessionID === sessionID));

let others = 0;
/** Another visitor (each their own) books a slot through the API (the chatbot has one showing per slot). */
async function bookedElsewhere(start: string) {
  others += 1;
  await call(
    t.app,
    '/chat/Chat/BookTour',
    { sessionID: await session(), Start: start, Name: 'Other Visitor', Email: `other${others}@example.com` },
    ws.auth,
  );
}

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { PARLOR_PUBLIC_URL: 'https://parlor.example.com' } });
  ({ ws, serial } = await chatbotWithSession(t, { AIResponseLanguage: 'Auto' }, 'Tour Chat Realty'));
  for (const [i, mls] of MLS.entries())
    await createListing(
      t.app,
      ws.auth,
      listingBody(serial, { MLSNumber: mls, Address: `${10 + i} Barton Hills Dr`, SalePrice: 400000 + i * 10000 }),
    );
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    {
      serialNumber: serial,
      TimeZone: 'America/Chicago',
      Hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((Day) => ({ Day, Start: '09:00', End: '12:00' })),
      Capacity: 1,
    },
    ws.auth,
  );
});
afterAll(async () => {
  await expectSlotCountsMatch(t.db, ws.workspaceId);
  await t.close();
});

describe('a showing booked in the conversation', () => {
  it('English: "the second one on Saturday morning", a slot by its number, then a name and an e-mail', async () => {
    const sid = await session();
    const search = await ask(sid, 'Show me homes for sale in Austin');
    expect(search.Listings.length).toBeGreaterThanOrEqual(2);
    const second = search.Listings[1]?.MLSNumber;

    const offer = await ask(sid, 'Can I see the second one on Saturday morning?');
    expect(offer.Tour?.MLSNumber).toBe(second);
    const labels = ['9:00', '9:30', '10:00', '10:30', '11:00', '11:30'].map((h) => `Sat, Nov 7, ${h} AM`);
    expect(offer.Tour?.Slots.map((s) => s.Label)).toEqual(labels);
    expect(offer.Tour?.Slots[1]?.Start).toBe('2026-11-07T09:30:00-06:00');
    expect(offer.content).toContain(`2. ${labels[1]}`);
    expect(offer.content).toContain(offer.Tour?.Address);

    const picked = await ask(sid, 'the second one please');
    expect(picked.content).toBe(`To book ${labels[1]}, what is your name, and an email or a phone number?`);
    expect(await appointments(sid)).toEqual([]);

    const booked = await ask(sid, "I'm Sam Ortiz, sam@example.com");
    const a = booked.Tour?.Appointment;
    expect(a).toMatchObject({ Start: '2026-11-07T09:30:00-06:00', Label: labels[1] });
    expect(booked.content).toContain(`You’re booked to see ${offer.Tour?.Address} on ${labels[1]}.`);
    expect(booked.content).toContain(a?.ManageUrl);
    expect(await appointments(sid)).toEqual([
      expect.objectContaining({
        ID: a?.AppointmentID,
        Start: '2026-11-07T09:30:00-06:00',
        MLSNumber: second,
        Name: 'Sam Ortiz',
        Email: 'sam@example.com',
        Status: 'booked',
      }),
    ]);
    // The conversation goes on as usual afterwards.
    const after = await ask(sid, 'Show me homes for sale in Austin');
    expect(after.Tour).toBeUndefined();
    expect(after.Listings.length).toBeGreaterThan(0);
  });

  it('Spanish: the asked time taken, the nearest free ones, one picked by its time', async () => {
    await bookedElsewhere('2026-11-07T10:00:00-06:00');
    const sid = await session();
    const search = await ask(sid, '¿Tienen casas en venta en Austin?');
    const first = search.Listings[0]?.MLSNumber;

    const offer = await ask(sid, 'quiero ver la casa el sábado a las 10');
    expect(offer.Tour?.MLSNumber).toBe(first);
    expect(offer.content).toContain('no está disponible');
    expect(offer.Tour?.Slots.map((s) => s.Start)).toEqual([
      // 09:30 is the English visitor's.
      '2026-11-07T09:00:00-06:00',
      '2026-11-07T10:30:00-06:00',
      '2026-11-07T11:00:00-06:00',
    ]);
    expect(offer.Tour?.Slots[1]?.Label).toMatch(/^sáb.*7.*nov.*10:30/);

    const picked = await ask(sid, 'a las 10:30');
    expect(picked.content).toMatch(/^Para reservar sáb.*10:30, ¿cuál es su nombre y un correo o un teléfono\?$/);

    const booked = await ask(sid, 'Soy Lucía Fernández, +1 512 555 0147');
    expect(booked.content).toMatch(/^Queda reservada su visita a .* el sáb/);
    expect(await appointments(sid)).toEqual([
      expect.objectContaining({
        Start: '2026-11-07T10:30:00-06:00',
        MLSNumber: first,
        Name: 'Lucía Fernández',
        Phone: '+1 512 555 0147',
      }),
    ]);
  });

  it('French: a day only, a slot by its rank, the name then the e-mail', async () => {
    const sid = await session();
    const search = await ask(sid, 'Avez-vous des maisons à vendre à Austin ?');
    const first = search.Listings[0]?.MLSNumber;

    const offer = await ask(sid, 'je voudrais visiter mardi');
    expect(offer.Tour?.MLSNumber).toBe(first);
    expect(offer.content).toMatch(/^Créneaux libres pour visiter .* :/);
    expect(offer.Tour?.Slots.map((s) => s.Start.slice(0, 16))).toEqual(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((h) => `2026-11-03T${h}`),
    );

    const picked = await ask(sid, 'le troisième');
    expect(picked.content).toMatch(/^Pour réserver mar\. 3 nov\., 10:00, quel est votre nom/);
    const named = await ask(sid, "Je m'appelle Claire Dubois");
    expect(named.content).toBe('Et un e-mail ou un téléphone pour la confirmation ?');
    const booked = await ask(sid, 'claire@example.fr');
    expect(booked.content).toMatch(/^Votre visite de .* est réservée le mar\. 3 nov\., 10:00\./);
    expect(await appointments(sid)).toEqual([
      expect.objectContaining({
        Start: '2026-11-03T10:00:00-06:00',
        MLSNumber: first,
        Name: 'Claire Dubois',
        Email: 'claire@example.fr',
      }),
    ]);
  });

  it('Portuguese: "the second one" on a weekday, a slot by its rank, the name and e-mail in one message', async () => {
    const sid = await session();
    const search = await ask(sid, 'Tem casas à venda em Austin?');
    const second = search.Listings[1]?.MLSNumber;

    const offer = await ask(sid, 'Quero visitar o segundo imóvel na quarta-feira');
    expect(offer.Tour?.MLSNumber).toBe(second);
    expect(offer.Tour?.Slots.map((s) => s.Start.slice(0, 10))).toContain('2026-11-04');

    const picked = await ask(sid, 'a primeira');
    expect(picked.Tour).toBeFalsy();
    const booked = await ask(sid, 'Sou Ana Souza, ana.souza@example.com.br');
    expect(booked.Tour?.Appointment?.AppointmentID).toBeGreaterThan(0);
    expect(await appointments(sid)).toEqual([
      expect.objectContaining({ MLSNumber: second, Name: 'Ana Souza', Email: 'ana.souza@example.com.br' }),
    ]);
  });

  it('Portuguese: "a segunda" after a list is the second one (listing, then slot), "segunda-feira" is Monday', async () => {
    const sid = await session();
    const search = await ask(sid, 'Tem casas à venda em Austin?');
    const second = search.Listings[1]?.MLSNumber;

    const offer = await ask(sid, 'Posso visitar a segunda na sexta-feira?');
    expect(offer.Tour?.MLSNumber).toBe(second);
    const friday = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((h) => `2026-11-06T${h}:00-06:00`);
    expect(offer.Tour?.Slots.map((s) => s.Start)).toEqual(friday);

    const picked = await ask(sid, 'a segunda');
    expect(picked.content).toMatch(/^Para reservar sex\.?, 6 de nov\.?, 9:30, qual é o seu nome/);
    const booked = await ask(sid, 'Sou Rui Costa, rui.costa@example.com.br');
    expect(booked.Tour?.Appointment?.Start).toBe(friday[1]);
    expect(await appointments(sid)).toEqual([
      expect.objectContaining({ Start: friday[1], MLSNumber: second, Name: 'Rui Costa' }),
    ]);

    // "feira", or no article: the day.
    const monday = await ask(await session(), 'Quero visitar a primeira casa na segunda-feira');
    expect(monday.Tour?.Slots.length).toBeGreaterThan(0);
    expect(monday.Tour?.Slots.every((s) => /^seg/.test(s.Label))).toBe(true);
  });

  it.each([
    [
      'en',
      '10',
      ['Show me homes for sale in Austin', 'Can I see the second one on Tuesday Nov 10 at 10?'],
      'Tue, Nov 10, 10:00 AM is not available. The nearest free times:',
      ['the second one', 'Sam Ortiz, sam.ortiz@example.com'],
    ],
    [
      'es',
      '11',
      ['¿Tienen casas en venta en Austin?', '¿Puedo ver la segunda el miércoles 11 de noviembre a las 10?'],
      'no está disponible',
      ['la segunda', 'Soy Lucía Fernández, lucia.f@example.com'],
    ],
    [
      'fr',
      '12',
      ['Avez-vous des maisons à vendre à Austin ?', 'Je voudrais visiter la deuxième le jeudi 12 novembre à 10h'],
      'n’est pas disponible',
      ['la deuxième', 'Claire Dubois, claire.d@example.fr'],
    ],
    [
      'pt',
      '13',
      ['Tem casas à venda em Austin?', 'Posso visitar a segunda na sexta-feira, 13 de novembro, às 10?'],
      'não está disponível. Os horários livres mais próximos:',
      ['a segunda', 'Sou Ana Souza, ana.s@example.com.br'],
    ],
  ])(
    '%s: the second listing at a time taken, the nearest free ones, the second of them booked',
    async (_lang, day, asks, refusal, replies) => {
      await bookedElsewhere(`2026-11-${day}T10:00:00-06:00`);
      const sid = await session();
      const search = await ask(sid, asks[0] ?? '');
      const second = search.Listings[1]?.MLSNumber;
      const offer = await ask(sid, asks[1] ?? '');
      expect(offer.Tour?.MLSNumber).toBe(second);
      expect(offer.content).toContain(refusal);
      const nearest = ['09:00', '09:30', '10:30'].map((h) => `2026-11-${day}T${h}:00-06:00`);
      expect(offer.Tour?.Slots.map((s) => s.Start)).toEqual(nearest);
      const picked = await ask(sid, replies[0] ?? '');
      expect(picked.content).toContain('9:30');
      const booked = await ask(sid, replies[1] ?? '');
      expect(booked.Tour?.Appointment?.Start).toBe(nearest[1]);
      expect(await appointments(sid)).toEqual([
        expect.objectContaining({ Start: nearest[1], MLSNumber: second, Status: 'booked' }),
      ]);
    },
  );

  it('a slot taken between the offer and the booking: said, and the free ones offered', async () => {
    const sid = await session();
    await ask(sid, 'Show me homes for sale in Austin');
    const offer = await ask(sid, 'Can I tour the first one on Thursday at 11?');
    expect(offer.content).toContain('Thu, Nov 5, 11:00 AM is free.');
    await bookedElsewhere('2026-11-05T11:00:00-06:00');

    const refused = await ask(sid, 'Yes. Dana Whitfield, 615-555-0142');
    expect(refused.content).toMatch(/^Sorry, Thu, Nov 5, 11:00 AM was just taken\. The free times now:/);
    expect(refused.Tour?.Appointment).toBeNull();
    expect(refused.Tour?.Slots[0]?.Start).toBe('2026-11-05T11:30:00-06:00');
    expect(await appointments(sid)).toEqual([]);

    // The contact is remembered: the pick books.
    const booked = await ask(sid, '1');
    expect(booked.Tour?.Appointment?.Start).toBe('2026-11-05T11:30:00-06:00');
    expect(await appointments(sid)).toEqual([
      expect.objectContaining({ Start: '2026-11-05T11:30:00-06:00', Name: 'Dana Whitfield', Phone: '615-555-0142' }),
    ]);
  });

  it('a message that is no part of the booking leaves it', async () => {
    const sid = await session();
    await ask(sid, 'Show me homes for sale in Austin');
    await ask(sid, 'Can I see the first one tomorrow?');
    const other = await ask(sid, 'any with 3 bedrooms under $500k in Austin?');
    expect(other.Tour).toBeUndefined();
    expect(other.Listings.length).toBeGreaterThan(0);
    const contact = await ask(sid, 'Jo Park, jo@example.com');
    expect(contact.Tour).toBeUndefined();
    expect(await appointments(sid)).toEqual([]);
  });
});

describe('a chatbot that takes no bookings', () => {
  it('answers a showing ask as it did before showings (no slots, no refusal of its own)', async () => {
    const other = await chatbotWithSession(t, { AIResponseLanguage: 'Auto' }, 'No Hours Realty');
    await createListing(t.app, other.ws.auth, listingBody(other.serial, { MLSNumber: `NOHOURS-${process.pid}` }));
    const answer = await call<Answer>(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: other.sessionId, content: `Can I tour NOHOURS-${process.pid} on Saturday morning?` },
      other.ws.auth,
    );
    expect(answer.Tour).toBeUndefined();
    expect(answer.content).not.toMatch(/book|free times/i);
  });
});
