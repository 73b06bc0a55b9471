// The visitor's reply to one qualifying question (qualify-turn.ts): what the reader finds in
// any message (qualification-reader.ts), and the short replies that only make sense as an
// answer to that question — "yes", "not yet", "3-6", "600k", "condo". Only what is said is
// read: a reply that does not answer leaves the field empty.
import type { QualifyField } from '../../chatbots/index.ts';
import type { Qualification } from '../qualification.ts';
import { monthsToTimeline, plain, type ReadContext, readMessage } from './qualification-reader.ts';
import { alternation } from './vocab/index.ts';

// Matched on the plain text (lower case, no accents). The negations come first: "not yet".
const NO = new RegExp(`^${alternation((v) => v.qualification.replyNo)}\\b`);
const YES = new RegExp(`^${alternation((v) => v.qualification.replyYes)}\\b`);
/** "3-6", "1 to 3", "3 months", "6 meses": the upper number is the horizon in months. */
const MONTHS = new RegExp(
  `(\\d{1,2})(?:\\s?(?:-|–|${alternation((v) => v.qualification.countJoin)})\\s?(\\d{1,2}))?\\s?${alternation((v) => v.qualification.months)}?\\s*$`,
);

/** Whether the qualification knows a field. */
export function knows(q: Partial<Qualification>, field: QualifyField): boolean {
  switch (field) {
    case 'Intent':
      return !!q.intent;
    case 'Timeline':
      return !!q.timeline;
    case 'PreApproved':
      return !!q.preApproved;
    case 'Budget':
      return q.budgetMin != null || q.budgetMax != null;
    case 'Areas':
      return !!q.areas?.length;
    case 'PropertyType':
      return !!q.propertyType;
  }
}

/** What a reply to the question about `field` says (other fields it volunteers included). */
export function readAnswer(reply: string, field: QualifyField, ctx: ReadContext): Partial<Qualification> {
  const said = readMessage(reply, ctx);
  if (knows(said, field)) return said;
  const text = plain(reply).trim();
  if (field === 'PreApproved') {
    if (NO.test(text)) return { ...said, preApproved: 'no' };
    if (YES.test(text)) return { ...said, preApproved: 'yes' };
  }
  if (field === 'Timeline') {
    const m = MONTHS.exec(text);
    if (m && m.index === 0) return { ...said, timeline: monthsToTimeline(Number(m[2] ?? m[1])) };
  }
  if (field === 'Budget') {
    // The question was about money: a bare "600k" or "450000" is the budget, also after a first
    // word ("well, 600000"): the clause marks between are dropped, a number's own ("450,000") kept.
    const asBudget = readMessage(`budget ${reply.replace(/[,.;:!?]+(?=\s)/g, ' ')}`, ctx);
    if (knows(asBudget, 'Budget'))
      return { ...said, budgetMin: asBudget.budgetMin ?? null, budgetMax: asBudget.budgetMax ?? null };
  }
  return said;
}
