// A visitor's contact details as the tours feature keys and texts them (the shared
// src/contact.ts): E.164 for a phone when it is a valid number (North American without a
// country code), else its digits; the e-mail in lower case.
export { emailKey, phoneE164, phoneKey } from '../contact.ts';
