import type { Static } from 'typebox';
import type { Chatbot } from './repo.ts';
import type { ChatbotRecord } from './schemas.ts';

export function chatbotRecord(bot: Chatbot): Static<typeof ChatbotRecord> {
  return {
    SerialNumber: bot.serialNumber,
    Type: bot.type,
    CreatedAt: bot.createdAt,
    UpdatedAt: bot.updatedAt,
    ...bot.settings,
  };
}
