// The rules a lead's details follow, wherever they come from (TalkToHuman, the widget's
// form, the model's talk_to_human tool). Throws Invalid naming the field.
import type { LeadDetails } from '../answer/engine.ts';
import { emailListSetting } from '../chatbots/setting-rules.ts';
import { Invalid } from '../errors.ts';

const PHONE = /^[0-9 +\-()]*$/;

export function checkLead(input: LeadDetails): LeadDetails {
  const name = input.name.trim();
  const email = input.email.trim();
  const phone = input.phone.trim();
  const message = input.message.trim();
  if (!name) throw new Invalid('Name', 'must not be empty');
  if (name.length > 200) throw new Invalid('Name', 'must be at most 200 characters');
  if (email && emailListSetting('Email', email).includes(',')) throw new Invalid('Email', 'must be one e-mail address');
  if (phone.length > 50) throw new Invalid('Phone', 'must be at most 50 characters');
  if (!PHONE.test(phone) || (phone && !/\d/.test(phone))) {
    throw new Invalid('Phone', 'must be a phone number (digits, spaces and + - ( ) only)');
  }
  if (message.length > 5000) throw new Invalid('Message', 'must be at most 5000 characters');
  if (!email && !phone) throw new Invalid('Email', 'give an Email or a Phone (at least one of them)');
  return { name, email, phone, message };
}
