// Edit (chatbots/README.md): a partial update of a chatbot's settings. Every given setting is
// checked first (nothing is saved when one is invalid); then the stored record is read,
// merged and written in one transaction with the row locked, so that two concurrent
// Edits of different settings both survive.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { Invalid, NotFound } from '../errors.ts';
import { claimFileForChatbot, findActiveImage } from '../files/index.ts';
import type { ServiceContext } from '../service-context.ts';
import type { EditableSetting, EditBody } from './edit-schema.ts';
import { IMAGE_RULE } from './edit-schema.ts';
import type { ModelCatalog } from './model-catalog.ts';
import { findChatbotForUpdate, saveSettings } from './repo.ts';
import {
  colorSetting,
  customDomainSetting,
  domainsSetting,
  emailListSetting,
  qualifyQuestionsSetting,
  suggestedMessageSetting,
  timeZoneSetting,
} from './setting-rules.ts';
import { DEFAULT_SETTINGS, type Settings } from './settings.ts';

export interface EditContext extends ServiceContext {
  engines: Pick<ModelCatalog, 'find' | 'models'>;
}

type Given = Omit<EditBody, 'serialNumber'>;
type Rule<K extends EditableSetting> = (
  ctx: EditContext,
  value: NonNullable<Given[K]>,
  field: K,
) => Settings[K] | Promise<Settings[K]>;

const trimmed = (_ctx: EditContext, value: string) => value.trim();

const MAX_ID = 2_147_483_647;

async function imageSetting(ctx: EditContext, value: string, field: string): Promise<string> {
  const digits = value.trim(); // the schema has checked: "" or up to 10 digits
  if (digits === '') return '';
  const id = Number(digits);
  if (id > MAX_ID || !(await findActiveImage(ctx.db, ctx.workspaceId, id))) throw new Invalid(field, IMAGE_RULE);
  return String(id);
}

function modelSetting(ctx: EditContext, value: string): string {
  const model = ctx.engines.find(value.trim());
  if (!model) {
    const keys = ctx.engines.models().map((m) => m.key);
    throw new Invalid('Model', `must be a Key (or Value) from ModelList (${keys.join(', ')}), got "${value}"`);
  }
  return model.key;
}

/** The settings whose stored form differs from the given one, or that need code to check. */
const RULES: { [K in EditableSetting]?: Rule<K> } = {
  Name: trimmed,
  Model: modelSetting,
  TimeZone: (_ctx, v, f) => timeZoneSetting(f, v),
  ChatProfilePicture: imageSetting,
  ChatIcon: imageSetting,
  ChatBubbleColor: (_ctx, v, f) => colorSetting(f, v),
  UserMessageColor: (_ctx, v, f) => colorSetting(f, v),
  ChatbotPrivacyPolicyUrl: trimmed,
  FacebookUrl: trimmed,
  InstagramUrl: trimmed,
  WhatsappUrl: trimmed,
  TalkToHumanEmail: (_ctx, v, f) => emailListSetting(f, v),
  EmailForDailyChatLogs: (_ctx, v, f) => emailListSetting(f, v),
  EmailForDailyLeads: (_ctx, v, f) => emailListSetting(f, v),
  SuggestedMessage: (_ctx, v, f) => suggestedMessageSetting(f, v),
  Domains: (_ctx, v, f) => domainsSetting(f, v),
  CustomDomain: (_ctx, v, f) => customDomainSetting(f, v),
  QualifyQuestions: (_ctx, v, f) => qualifyQuestionsSetting(f, v),
};

async function storedValue<K extends EditableSetting>(ctx: EditContext, field: K, value: Given[K]) {
  // null resets to the default. A chatbot's default time zone is UTC (DEFAULT_SETTINGS).
  if (value === null) return DEFAULT_SETTINGS[field];
  // Own properties only: a key such as `valueOf` must not find Object.prototype's function.
  const rule = Object.hasOwn(RULES, field) ? (RULES[field] as Rule<K> | undefined) : undefined;
  const given = value as NonNullable<Given[K]>;
  return rule ? rule(ctx, given, field) : (given as Settings[K]);
}

/** The given settings in their stored form; throws Invalid on the first bad one, in body order. */
export async function settingsChanges(ctx: EditContext, given: Given): Promise<Partial<Settings>> {
  const changes: Partial<Record<EditableSetting, unknown>> = {};
  for (const field of Object.keys(given) as EditableSetting[]) {
    // Own properties only: `constructor` or `hasOwnProperty` is an unknown field, ignored.
    if (!Object.hasOwn(DEFAULT_SETTINGS, field) || given[field] === undefined) continue;
    changes[field] = await storedValue(ctx, field, given[field]);
  }
  return changes as Partial<Settings>;
}

export async function editChatbot(ctx: EditContext, body: EditBody): Promise<void> {
  const { serialNumber, ...given } = body;
  const changes = await settingsChanges(ctx, given);
  await ctx.db.transaction().execute(async (trx) => {
    const bot = await findChatbotForUpdate(trx, ctx.workspaceId, serialNumber);
    if (!bot) throw new NotFound(`chatbot "${serialNumber}"`);
    // The chatbot now uses these images: removing it removes them (files/repo-sweep.ts).
    for (const field of ['ChatProfilePicture', 'ChatIcon'] as const) {
      const id = changes[field];
      if (id && !(await claimFileForChatbot(trx, ctx.workspaceId, Number(id), bot.id))) {
        throw new Invalid(field, IMAGE_RULE);
      }
    }
    await saveSettings(trx, bot, { ...bot.settings, ...changes }, ctx.now);
  });
}

/**
 * Sets the chatbot's TimeZone inside the caller's transaction (SetAvailability, whose hours are
 * in that zone), as Edit sets it: the row locked, the rest of the settings kept. The value has
 * been checked with timeZoneSetting.
 */
export async function saveTimeZone(
  trx: Kysely<Database>,
  workspaceId: number,
  serialNumber: string,
  timeZone: string,
  now: Date,
): Promise<void> {
  const bot = await findChatbotForUpdate(trx, workspaceId, serialNumber);
  if (!bot) throw new NotFound(`chatbot "${serialNumber}"`);
  if (bot.settings.TimeZone !== timeZone) await saveSettings(trx, bot, { ...bot.settings, TimeZone: timeZone }, now);
}
