// Request shapes of the console's get-started and people endpoints.
import { Type } from 'typebox';
import { StringEnum } from '../http/schema.ts';

export const StartQuery = Type.Object({
  chatbot: Type.Optional(
    Type.String({ maxLength: 64, description: "A chatbot's serial number; the first when omitted" }),
  ),
});

export const DemoRemoveBody = Type.Object({
  Confirm: Type.Literal(true, { description: 'true: the owner confirmed the removal' }),
});

const Role = StringEnum(['owner', 'agent'] as const);

export const InviteBody = Type.Object({
  Email: Type.String({ maxLength: 254 }),
  Name: Type.Optional(Type.String({ maxLength: 200 })),
  Role,
  /** E-mail the link to the person invited (it is answered to the owner either way). */
  Send: Type.Optional(Type.Boolean()),
});

export const RoleBody = Type.Object({ Role });

export const TokenBody = Type.Object({ Token: Type.String({ maxLength: 100 }) });

export const AcceptBody = Type.Object({
  Token: Type.String({ maxLength: 100 }),
  Password: Type.String({ maxLength: 200 }),
  Name: Type.Optional(Type.String({ maxLength: 200 })),
});

export const PasswordBody = Type.Object({
  CurrentPassword: Type.String({ maxLength: 200 }),
  NewPassword: Type.String({ maxLength: 200 }),
});

export const EmailBody = Type.Object({
  Email: Type.String({ maxLength: 254 }),
  CurrentPassword: Type.String({ maxLength: 200 }),
});
