// The manage link's paths (docs/tours.md, "The manage link"): the page, its two forms (cancel,
// move to a slot) and the .ics download. The token in the path is the credential: no cookie,
// so a form posted from another site cannot act without it. Pages for people, not API
// operations: kept out of /openapi.json.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { DomainError } from '../errors.ts';
import { CODE_OF } from '../http/error-handler.ts';
import type { App } from '../http/types.ts';
import type { TourDeps } from './deps.ts';
import {
  calendarFile,
  cancelByLink,
  LinkRefused,
  type Managed,
  managedBy,
  rescheduleByLink,
  slotsToMoveTo,
} from './manage.ts';
import { calendarUrl } from './manage-link.ts';
import { managePage, refusedPage } from './manage-page.ts';

const Params = Type.Object({ token: Type.String({ maxLength: 120 }) });
const Query = Type.Object({
  done: Type.Optional(Type.Union([Type.Literal('cancelled'), Type.Literal('rescheduled')])),
});
const MoveBody = Type.Object({ Start: Type.String({ maxLength: 40 }) });

function html(reply: FastifyReply, status: number, page: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

export function registerManageRoutes(app: App, deps: TourDeps): void {
  /** Runs `work` for the link's showing; a refused link or a refused action is a page saying why. */
  async function withLink(
    token: string,
    reply: FastifyReply,
    work: (m: Managed) => Promise<FastifyReply>,
  ): Promise<FastifyReply> {
    let m: Managed;
    try {
      m = await managedBy(deps, token);
    } catch (err) {
      if (err instanceof LinkRefused) return html(reply, err.expired ? 403 : 401, refusedPage(err.expired));
      throw err;
    }
    try {
      return await work(m);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const fresh = await managedBy(deps, token).catch(() => m);
      const page = managePage(fresh, {
        token,
        calendarUrl: calendarUrl(deps.publicUrl, token),
        error: err.message,
        slots: await slotsToMoveTo(deps, fresh),
      });
      return html(reply, CODE_OF[err.kind], page);
    }
  }

  app.get('/tours/manage/:token', { schema: { hide: true, params: Params, querystring: Query } }, async (req, reply) =>
    withLink(req.params.token, reply, async (m) =>
      html(
        reply,
        200,
        managePage(m, {
          token: req.params.token,
          calendarUrl: calendarUrl(deps.publicUrl, req.params.token),
          done: req.query.done,
          slots: m.appointment.status === 'booked' ? await slotsToMoveTo(deps, m) : [],
        }),
      ),
    ),
  );

  app.post('/tours/manage/:token/cancel', { schema: { hide: true, params: Params } }, async (req, reply) =>
    withLink(req.params.token, reply, async (m) => {
      await cancelByLink(deps, m);
      return reply.redirect(`/tours/manage/${encodeURIComponent(req.params.token)}?done=cancelled`, 303);
    }),
  );

  app.post(
    '/tours/manage/:token/reschedule',
    { schema: { hide: true, params: Params, body: MoveBody } },
    async (req, reply) =>
      withLink(req.params.token, reply, async (m) => {
        const visitor = deps.abuse ? { limits: deps.abuse, address: req.ip } : null;
        const { links } = await rescheduleByLink(deps, m, req.body.Start, visitor);
        return reply.redirect(`/tours/manage/${encodeURIComponent(links.token)}?done=rescheduled`, 303);
      }),
  );

  app.get('/tours/manage/:token/invite.ics', { schema: { hide: true, params: Params } }, async (req, reply) =>
    withLink(req.params.token, reply, async (m) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="showing.ics"')
        .type('text/calendar; charset=utf-8')
        .send(calendarFile(deps, m)),
    ),
  );
}
