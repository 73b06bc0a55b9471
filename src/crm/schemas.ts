import { Type } from 'typebox';
import { StringEnum, WithExample } from '../http/schema.ts';
import { CRM_LIMITS, CRM_PROVIDERS, NO_CRM } from './settings.ts';

// ApiKey and SystemKey are not SINGLE_LINE: settings.ts refuses a line break with its own
// message ("must not contain a line break"), since a key is sent in a header.
export const SetCrmBody = WithExample(
  Type.Object({
    Provider: StringEnum([...CRM_PROVIDERS, NO_CRM] as const, {
      description: 'FollowUpBoss; None disconnects the CRM',
    }),
    ApiKey: Type.String({
      maxLength: CRM_LIMITS.ApiKey,
      default: '',
      description: `Follow Up Boss API key (Admin → API); write-only, at most ${CRM_LIMITS.ApiKey} characters`,
    }),
    SystemName: Type.String({
      maxLength: CRM_LIMITS.SystemName,
      default: '',
      description: 'X-System: the integration name Follow Up Boss registered ("Parlor" when empty)',
    }),
    SystemKey: Type.String({
      maxLength: CRM_LIMITS.SystemKey,
      default: '',
      description: 'X-System-Key: the key Follow Up Boss gave the integration; write-only',
    }),
  }),
  { Provider: 'FollowUpBoss', ApiKey: 'fka_0123456789abcdef', SystemName: 'Parlor', SystemKey: 'sys_0123456789' },
);

export const CrmData = Type.Object({
  Provider: Type.String({ description: 'FollowUpBoss, or "" when none is connected' }),
  ApiKey: Type.String({ description: 'Masked ("••••cdef"): a key is never returned' }),
  SystemName: Type.String(),
  SystemKey: Type.String({ description: 'Masked' }),
  UpdatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
