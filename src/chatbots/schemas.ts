import { type Static, Type } from 'typebox';
import { SINGLE_LINE } from '../http/schema.ts';
import { SettingsRecord } from './settings.ts';

export const SerialNumber = Type.String({
  minLength: 1,
  maxLength: 64,
  ...SINGLE_LINE,
  description: 'Chatbot ID',
  examples: ['k3v9x2m8q1z4'],
});

export const AddBody = Type.Object({
  timeZone: Type.String({ minLength: 1, maxLength: 64, ...SINGLE_LINE, examples: ['America/Chicago'] }),
  type: Type.Integer({ enum: [0], description: 'Chatbot type; 0 (the only type) is a website chatbot' }),
  Name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, ...SINGLE_LINE, examples: ['Example Realty'] })),
});
export type AddBody = Static<typeof AddBody>;

export const SerialBody = Type.Object({ serialNumber: SerialNumber });

export const ListBody = Type.Object({
  PageNumber: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  PageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const ChatbotRecord = Type.Object({
  SerialNumber: Type.String(),
  Type: Type.Integer(),
  CreatedAt: Type.String({ format: 'date-time' }),
  UpdatedAt: Type.String({ format: 'date-time' }),
  ...SettingsRecord.properties,
});
