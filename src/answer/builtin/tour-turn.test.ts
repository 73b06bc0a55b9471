// The showing turn in Portuguese against a scripted TourDesk: the engine reads Portuguese once
// its language detection does (i18n), and the turn's texts and dates are ready for it. The
// conversation tests in the other languages run through the real desk (test/chat/builtin-tours).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../chatbots/index.ts';
import type { Listing } from '../../listings/index.ts';
import type { AnswerRequest } from '../engine.ts';
import type { TourBookingRequest, TourDesk, TourSlotData, TourSlotQuery } from '../tour-desk.ts';
import { emptyState } from './conversation.ts';
import { tourTurn } from './tour-turn.ts';

const slot = (day: number, h: number, m: number): TourSlotData => ({
  Start: `2026-11-0${day}T${String(h).padStart(2, '0')}:${m ? '30' : '00'}:00-06:00`,
  End: '',
  Label: `${day === 7 ? 'sáb.' : 'dom.'}, ${day} de nov., ${h}:${m ? '30' : '00'}`,
});
const SLOTS = [slot(7, 9, 0), slot(7, 9, 30), slot(7, 14, 0), slot(8, 10, 0)];
const LISTING = { id: 1, mls_number: 'LIS-24017', address: '1 Rua Augusta' } as unknown as Listing;

function request(asked: unknown[], refusal?: { reason: string; taken?: boolean }): AnswerRequest {
  const desk: TourDesk = {
    async slots(q: TourSlotQuery) {
      asked.push(q);
      return { ok: true, timeZone: 'America/Chicago', mlsNumber: 'LIS-24017', address: '1 Rua Augusta', slots: SLOTS };
    },
    async book(r: TourBookingRequest) {
      asked.push(r);
      if (refusal) return { ok: false, ...refusal, nextSlots: [SLOTS[2] as TourSlotData] };
      const a = SLOTS.find((s) => s.Start === r.start) ?? SLOTS[0];
      return {
        ok: true,
        appointment: {
          AppointmentID: 9,
          Start: a?.Start ?? '',
          End: '',
          Label: a?.Label ?? '',
          Status: 'booked',
          MLSNumber: 'LIS-24017',
          Address: '1 Rua Augusta',
          ManageUrl: 'https://parlor.example.com/tours/manage/9.1.x',
          CalendarUrl: '',
        },
      };
    },
  };
  return {
    chatbot: {
      id: 1,
      workspaceId: 1,
      serialNumber: 'S',
      settings: { ...DEFAULT_SETTINGS, TimeZone: 'America/Chicago' },
    },
    sessionId: 1,
    question: { id: 1, content: '', askType: 'Text', fileIds: [] },
    history: [],
    now: new Date('2026-11-02T15:00:00Z'),
    signal: new AbortController().signal,
    listings: {
      search: async (f) => ({ listings: f.mlsNumber === 'LIS-24017' || f.ids ? [LISTING] : [], total: 1 }),
      count: async () => 0,
      cities: async () => [],
    },
    tours: desk,
  };
}

describe('a showing in Portuguese', () => {
  it('"sábado de manhã": the morning slots, one picked, the name and phone, booked', async () => {
    const asked: unknown[] = [];
    const req = request(asked);
    const state = emptyState();
    const lines: string[] = [];
    const turn = (text: string) => tourTurn(req, state, (l) => lines.push(l), text, 'pt');

    const offer = await turn('Posso visitar o LIS-24017 no sábado de manhã?');
    expect(asked[0]).toMatchObject({ mlsNumber: 'LIS-24017', from: '2026-11-07', language: 'pt' });
    expect(offer?.tour?.Slots).toEqual([SLOTS[0], SLOTS[1]]);
    expect(lines).toEqual([
      'Horários livres para ver 1 Rua Augusta:',
      '1. sáb., 7 de nov., 9:00\n2. sáb., 7 de nov., 9:30',
      'Qual prefere? Diga-me o número ou o horário.',
    ]);
    lines.length = 0;
    await turn('o segundo');
    expect(lines).toEqual(['Para reservar sáb., 7 de nov., 9:30, qual é o seu nome, e um e-mail ou um telefone?']);
    lines.length = 0;
    const booked = await turn('Sou Ana Souza, 512-555-0199');
    expect(asked.at(-1)).toMatchObject({ start: SLOTS[1]?.Start, name: 'Ana Souza', phone: '512-555-0199' });
    expect(booked?.tour?.Appointment?.AppointmentID).toBe(9);
    expect(lines[0]).toMatch(/^Sua visita a 1 Rua Augusta está marcada para sáb\., 7 de nov\., 9:30\./);
    expect(state.tour).toBeUndefined();
  });

  it.each([
    [
      { reason: 'Start: o horário está lotado', taken: true },
      /^Desculpe, sáb\., 7 de nov\., 9:30 acabou de ser reservado\./,
    ],
    [{ reason: 'Start: is already taken (a proxy said so)' }, /^Não consegui reservar: Start: is already taken/],
  ])('a refusal is told by what the desk says it is, not by its words: %j', async (refusal, said) => {
    const state = emptyState();
    const lines: string[] = [];
    const req = request([], refusal);
    const turn = (text: string) => tourTurn(req, state, (l) => lines.push(l), text, 'pt');
    await turn('Posso visitar o LIS-24017 no sábado de manhã?');
    await turn('o segundo');
    lines.length = 0;
    await turn('Sou Ana Souza, 512-555-0199');
    expect(lines[0]).toMatch(said);
  });

  it('a message that asks for no showing is not the turn’s', async () => {
    const state = emptyState();
    expect(await tourTurn(request([]), state, () => {}, 'Quanto custa o LIS-24017?', 'pt')).toBeNull();
  });
});
