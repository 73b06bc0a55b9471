// Contact details typed into the chat ("I'm Sam Ortiz, 615-555-0142", "Soy Lucía
// Fernández, lucia@example.com"). Read before anything else, and blanked out of the text
// the rest of the engine reads, so that a phone number is never taken for a price range. The
// words are each language's (vocab/, contact).
import { alternation, type Phrases, VOCABULARIES, type Vocabulary } from './vocab/index.ts';

export interface Contact {
  name: string;
  phone: string;
  email: string;
  /** Something that looks like a phone number or an address but is not a valid one. */
  invalid: string;
}

const EMAIL_RE = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/u;
/** Something a visitor meant as an email address, valid or not. */
const EMAIL_LIKE_RE = /(?<!\S)\S+@\S+/;
const contactWords = (pick: (c: Vocabulary['contact']) => Phrases) => alternation((v) => pick(v.contact));
const SCALES = contactWords((c) => c.scales);
// North American numbers as people type them, or international ones with a +; not an amount ("555 1234 k").
const PHONE_RE = new RegExp(
  `(?<![\\d$€£.,])(?:\\+?1[\\s.-]?)?\\(?\\b\\d{3}\\)?[\\s.-]?\\d{3}[\\s.-]?\\d{4}\\b(?![\\d,.]*\\s*(?:${SCALES}|\\$|${contactWords((c) => c.currencyWords)}))|\\+\\d[\\d\\s().-]{7,18}\\d`,
  'i',
);
/** A run of digits and separators a visitor may have meant as a phone number. */
const PHONE_LIKE_RE = new RegExp(
  `(?<![\\d$€£.,])\\(?\\d{3}\\)?[\\s.-]\\d{2,4}[\\s.-]?\\d{0,4}\\b(?!\\s*(?:${SCALES}|\\$))`,
);
const NAME_WORD = "\\p{Lu}[\\p{L}\\p{M}'’-]+";
const NAME = `${NAME_WORD}(?:\\s+${NAME_WORD}){0,3}`;
/** "I'm Sam Ortiz", "my name is…", "soy…", "me llamo…", "je m'appelle…", "je suis…". */
const INTRO_RE = new RegExp(`\\b${contactWords((c) => c.intro)}\\s+(${NAME})`, 'u');
/** "Alex Kim, 919-…", "Sure: Dana Whitfield, dana@…": a name right before the detail. */
const NAME_BEFORE_RE = new RegExp(`(?:^|[:;,.!?]\\s*|\\s-\\s)(${NAME})\\s*[,:-]?\\s*$`, 'u');
/** Capitalised words that start sentences rather than names. */
const NOT_NAMES = new Set(Object.values(VOCABULARIES).flatMap((v) => v.contact.notNames));

/**
 * The message as the contact patterns read it: a token longer than an email address may be
 * (254 characters, RFC 5321) holds no contact detail and is left out, and a run of blanks is
 * cut to 16. Each pattern then backtracks within one token or one short run at most, so its
 * time is linear in the message whatever a visitor sends (a 10,000-character token took
 * 0.4 s). Both patterns here are linear themselves: one start per token, one run per blank.
 */
const TOKEN_MAX = 254;
const LONG_TOKEN = new RegExp(`(?<!\\S)\\S{${TOKEN_MAX + 1},}`, 'g');
const LONG_BLANK = /(?<=\s{16})\s+/g;
const scannable = (text: string) => text.replace(LONG_TOKEN, ' ').replace(LONG_BLANK, '');

function cleanName(raw: string | undefined): string {
  if (!raw) return '';
  const words = raw.trim().split(/\s+/);
  while (words.length && NOT_NAMES.has(words[0] ?? '')) words.shift();
  return words.join(' ');
}

/** The contact details in a message, and the message with them blanked out. */
export function contactOf(original: string): { contact: Contact | null; rest: string } {
  const text = scannable(original);
  const email = EMAIL_RE.exec(text);
  const phone = PHONE_RE.exec(text);
  const first = [email, phone].filter((m) => m !== null).sort((a, b) => a.index - b.index)[0];
  if (!first) {
    const invalid = EMAIL_LIKE_RE.exec(text)?.[0] ?? '';
    return { contact: invalid ? { name: '', phone: '', email: '', invalid } : null, rest: original };
  }
  const name = cleanName(INTRO_RE.exec(text)?.[1] ?? NAME_BEFORE_RE.exec(text.slice(0, first.index))?.[1]);
  let rest = original;
  for (const m of [email, phone]) if (m) rest = rest.replace(m[0], ' ');
  if (name) rest = rest.replace(name, ' ');
  return {
    contact: { name, phone: phone?.[0].trim() ?? '', email: email?.[0] ?? '', invalid: '' },
    rest,
  };
}

const PHONE_WORD_RE = new RegExp(`\\b${contactWords((c) => c.phoneWords)}`, 'i');

/** A message that offers a phone number the engine could not read as one ("call me at 555-12"). */
export function looksLikePhone(original: string): boolean {
  return PHONE_WORD_RE.test(original) && PHONE_LIKE_RE.test(scannable(original));
}
