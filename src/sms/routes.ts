import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import { errorExample } from '../http/schema.ts';
import type { App } from '../http/types.ts';
import { SendTwilioMessageBody, SendTwilioMessageData } from './schemas.ts';
import { type SmsDeps, sendTwilioMessage } from './service.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function registerSmsRoutes(app: App, deps: SmsDeps): void {
  app.post(
    '/chat/Chatbot/SendTwilioMessage',
    {
      schema: {
        tags: ['sms'],
        summary: 'Queue an SMS to a phone number, sent through Twilio',
        ...errorExample(
          501,
          'a new server has no Twilio settings. With them, it queues the message.',
          "Answers at once with the queued message; Parlor then sends it through Twilio's Messages API " +
            'exactly once, retrying while Twilio is unavailable or rate-limits (429, 5xx) and giving up at ' +
            'once when Twilio refuses the message (another 4xx, e.g. an unreachable number). ' +
            '501 when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set.',
        ),
        body: SendTwilioMessageBody,
        response: { 200: envelopeOf(SendTwilioMessageData), ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      const id = await sendTwilioMessage(deps, workspaceOf(req), {
        serialNumber: b.SerialNumber,
        toPhoneNumber: b.ToPhoneNumber,
        message: b.Message,
      });
      return ok({ ID: id, Status: 'queued' as const });
    },
  );
}
