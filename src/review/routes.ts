import { RateAnswerBody, RateAnswerData } from '../chat/index.ts';
import { Unauthorized } from '../errors.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { type RatingDeps, rateAnswer } from './rating.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function registerReviewRoutes(app: App, deps: RatingDeps): void {
  app.post(
    '/chat/Chat/RateAnswer',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['chat'],
        summary: 'Rate an answer up or down, with an optional reason (one rating per answer; rating again changes it)',
        description:
          "The widget calls it with its visitor key; an API key may rate any session's answers. The rating is " +
          'returned by GetMessages with the answer, sent to answer.rated webhooks and counted in /metrics ' +
          "(parlor_answer_ratings_total). A question, a person's reply, another session's answer or one that does " +
          'not exist is a 404; a reason over 500 characters a 400.',
        body: RateAnswerBody,
        response: { 200: envelopeOf(RateAnswerData), ...errors },
      },
    },
    async (req) => {
      if (!req.principal) throw new Unauthorized();
      return ok(await rateAnswer(deps, req.principal, req.body));
    },
  );
}
