import { Type } from 'typebox';
import { SerialNumber } from '../chatbots/index.ts';
import { EXAMPLE_SERIAL, WithExample } from '../http/schema.ts';

/** Twilio's limit for one message's Body. */
export const SMS_MAX_LENGTH = 1600;

export const SendTwilioMessageBody = WithExample(
  Type.Object({
    SerialNumber,
    ToPhoneNumber: Type.String({
      maxLength: 64,
      description:
        'The recipient in E.164 form ("+" and the country code). Spaces, dashes, dots and parentheses are ' +
        'accepted and removed; the number must be a valid one for its country.',
      examples: ['+15125550100'],
    }),
    Message: Type.String({
      minLength: 1,
      maxLength: SMS_MAX_LENGTH,
      description: `The text, 1–${SMS_MAX_LENGTH} characters (Twilio's limit), not only blanks`,
      examples: ['Your tour of 2104 Barton Hills Dr is confirmed for Saturday at 10 am.'],
    }),
  }),
  {
    SerialNumber: EXAMPLE_SERIAL,
    ToPhoneNumber: '+15125550100',
    Message: 'Your tour of 2104 Barton Hills Dr is confirmed for Saturday at 10 am.',
  },
);

export const SendTwilioMessageData = Type.Object({
  ID: Type.Integer({ description: 'The queued message, unique in this Parlor installation' }),
  Status: Type.Literal('queued'),
});
