// The rules a lead's details follow, wherever they come from (TalkToHuman, the widget's
// form, the model's talk_to_human tool). Throws Invalid naming the field.
import type { LeadDetails } from '../answer/index.ts';
import { emailListSetting } from '../chatbots/index.ts';
import { Invalid } from '../errors.ts';

const PHONE = /^[0-9 +\-()]*$/;

/** The most characters of each detail: the API's schema (schemas.ts) and these rules share them. */
export const LEAD_LIMITS = { Name: 200, Email: 254, Phone: 50, Message: 5000 } as const;

export function checkLead(input: LeadDetails): Omit<LeadDetails, 'qualification'> {
  const name = input.name.trim();
  const email = input.email.trim();
  const phone = input.phone.trim();
  const message = input.message.trim();
  if (!name) throw new Invalid('Name', 'must not be empty');
  if (name.length > LEAD_LIMITS.Name) throw new Invalid('Name', `must be at most ${LEAD_LIMITS.Name} characters`);
  if (email && emailListSetting('Email', email).includes(',')) throw new Invalid('Email', 'must be one e-mail address');
  if (phone.length > LEAD_LIMITS.Phone) throw new Invalid('Phone', `must be at most ${LEAD_LIMITS.Phone} characters`);
  if (!PHONE.test(phone) || (phone && !/\d/.test(phone))) {
    throw new Invalid('Phone', 'must be a phone number (digits, spaces and + - ( ) only)');
  }
  if (message.length > LEAD_LIMITS.Message) {
    throw new Invalid('Message', `must be at most ${LEAD_LIMITS.Message} characters`);
  }
  if (!email && !phone) throw new Invalid('Email', 'give an Email or a Phone (at least one of them)');
  return { name, email, phone, message };
}
