// SendTwilioMessage: checks the request and queues the SMS in the outbox; the outbox worker
// sends it through Twilio (twilio.ts) with retries, so the caller never waits on Twilio and a
// message accepted here survives a restart.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { requireChatbot } from '../chatbots/index.ts';
import type { TwilioConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { Invalid, NotSupported } from '../errors.ts';
import { enqueueUnique } from '../outbox/index.ts';

export interface SmsDeps {
  db: Db;
  clock: () => Date;
  /** Null when SMS is not configured: the endpoint then answers 501. */
  twilio: TwilioConfig | null;
  /** Called once a message is queued, so that the worker sends it at once. */
  onQueued?: () => void;
}

export interface SmsRequest {
  serialNumber: string;
  toPhoneNumber: string;
  message: string;
}

const PHONE_RULE = 'must be a phone number in E.164 form, e.g. +15125550100';

/** The number in E.164 form, or 400. Only "+" numbers: without a country code it is a guess. */
export function e164(field: string, input: string): string {
  const value = input.trim();
  // Separators people type are fine; letters, an extension or text around the number are not.
  if (!/^\+[\d\s().-]+$/.test(value)) throw new Invalid(field, PHONE_RULE);
  const phone = parsePhoneNumberFromString(value, { extract: false });
  if (!phone?.isValid() || phone.ext) throw new Invalid(field, PHONE_RULE);
  return phone.number;
}

/** Queues the SMS and answers its outbox ID. */
export async function sendTwilioMessage(deps: SmsDeps, workspaceId: number, req: SmsRequest): Promise<number> {
  const to = e164('ToPhoneNumber', req.toPhoneNumber);
  if (req.message.trim() === '') throw new Invalid('Message', 'must not be empty');
  if (!deps.twilio) {
    throw new NotSupported('SMS is not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
  }
  const now = deps.clock();
  const chatbot = await requireChatbot({ db: deps.db.kysely, workspaceId, now }, req.serialNumber);
  const id = await enqueueUnique(
    deps.db.kysely,
    workspaceId,
    { kind: 'sms', to, body: req.message, serialNumber: chatbot.serialNumber },
    now,
  );
  deps.onQueued?.();
  return id;
}
