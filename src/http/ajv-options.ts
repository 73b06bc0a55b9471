// How request bodies are validated, shared by the API (app.ts) and the CLI's import
// (listings/validate.ts), so that both accept and reject exactly the same input.
export const AJV_OPTIONS = {
  // body-keys.ts converts numeric strings itself; everything else of the wrong type is a 400.
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: true,
  // The first error is enough for the message, and allErrors invites denial of service.
  allErrors: false,
  // validation-message.ts reads `x-rule` from the failing schema.
  verbose: true,
  keywords: ['x-rule', 'x-aliases', 'x-enum-aliases', 'x-id', 'x-text'],
} as const;
