// The console's showings (tours/): the agenda of a chatbot's day or week (each visitor and
// listing card, by agent when asked), cancel, move and assign one, and a conversation's showings.
// The availability editor uses the API itself (SetAvailability, GetAvailability) with the cookie.
import { Type } from 'typebox';
import { Unauthorized } from '../errors.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import {
  AgendaData,
  AgendaItem,
  agenda,
  assignByStaff,
  cancelByStaff,
  rescheduleByStaff,
  sessionShowings,
  slotsForMove,
  type TourDeps,
  TourSlots,
} from '../tours/index.ts';
import { AgendaQuery, AssignBody, IdParams, RescheduleBody } from './schemas.ts';

const staffOnly = { config: { auth: 'staff' as const } };
const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const item = { response: { 200: envelopeOf(AgendaItem), ...errors } };

export function registerAgendaRoutes(app: App, deps: TourDeps): void {
  const ws = (req: { staff: { workspaceId: number } | null }) => {
    if (!req.staff) throw new Unauthorized('sign in to the console first');
    return req.staff.workspaceId;
  };

  app.get(
    '/console/api/agenda',
    {
      ...staffOnly,
      schema: { hide: true, querystring: AgendaQuery, response: { 200: envelopeOf(AgendaData), ...errors } },
    },
    async (req) =>
      ok(
        await agenda(deps, ws(req), {
          chatbot: req.query.chatbot,
          from: req.query.from,
          days: Number(req.query.days ?? 7),
          agent: req.query.agent ? Number(req.query.agent) : undefined,
        }),
      ),
  );

  app.post(
    '/console/api/appointments/:id/cancel',
    { ...staffOnly, schema: { hide: true, params: IdParams, ...item } },
    async (req) => ok(await cancelByStaff(deps, ws(req), Number(req.params.id))),
  );

  app.get(
    '/console/api/appointments/:id/slots',
    {
      ...staffOnly,
      schema: { hide: true, params: IdParams, response: { 200: envelopeOf(TourSlots), ...errors } },
    },
    async (req) => ok(await slotsForMove(deps, ws(req), Number(req.params.id))),
  );

  app.post(
    '/console/api/appointments/:id/reschedule',
    { ...staffOnly, schema: { hide: true, params: IdParams, body: RescheduleBody, ...item } },
    async (req) => ok(await rescheduleByStaff(deps, ws(req), Number(req.params.id), req.body.Start)),
  );

  app.post(
    '/console/api/appointments/:id/assign',
    { ...staffOnly, schema: { hide: true, params: IdParams, body: AssignBody, ...item } },
    async (req) => ok(await assignByStaff(deps, ws(req), Number(req.params.id), req.body.UserID)),
  );

  app.get(
    '/console/api/conversations/:id/appointments',
    {
      ...staffOnly,
      schema: { hide: true, params: IdParams, response: { 200: envelopeOf(Type.Array(AgendaItem)), ...errors } },
    },
    async (req) => ok(await sessionShowings(deps, ws(req), Number(req.params.id))),
  );
}
