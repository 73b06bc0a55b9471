import { type Static, Type } from 'typebox';
import { EXAMPLE_SERIAL, SINGLE_LINE, WithExample } from '../http/schema.ts';
import { SettingsRecord } from './settings.ts';

export const SerialNumber = Type.String({
  minLength: 1,
  maxLength: 64,
  ...SINGLE_LINE,
  description: 'Chatbot ID',
  examples: [EXAMPLE_SERIAL],
});

/** The serial number of a chatbot that Add made; no new server has one (Remove's example). */
export const ADDED_SERIAL = 'k3v9x2m8q1z4';

export const AddBody = WithExample(
  Type.Object({
    timeZone: Type.String({ minLength: 1, maxLength: 64, ...SINGLE_LINE, examples: ['America/Chicago'] }),
    type: Type.Integer({ enum: [0], description: 'Chatbot type; 0 (the only type) is a website chatbot' }),
    Name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, ...SINGLE_LINE, examples: ['Example Realty'] })),
  }),
  { timeZone: 'America/Chicago', type: 0, Name: 'Lakeside Realty Assistant' },
);
export type AddBody = Static<typeof AddBody>;

export const SerialBody = WithExample(Type.Object({ serialNumber: SerialNumber }), { serialNumber: EXAMPLE_SERIAL });
export const RemoveBody = WithExample(SerialBody, { serialNumber: ADDED_SERIAL });

export const ListBody = WithExample(
  Type.Object({
    PageNumber: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    PageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  }),
  { PageNumber: 1, PageSize: 20 },
);

export const ChatbotRecord = Type.Object({
  SerialNumber: Type.String(),
  Type: Type.Integer(),
  CreatedAt: Type.String({ format: 'date-time' }),
  UpdatedAt: Type.String({ format: 'date-time' }),
  ...SettingsRecord.properties,
});
