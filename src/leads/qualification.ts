// A lead's qualification (DESIGN 3.13; docs/crm.md): its rules wherever it comes from (the API,
// the widget's form, the builtin engine's reader, the model's talk_to_human), its fields in
// every lead record, and the readable block of the handoff email and the digests.
import { type Static, Type } from 'typebox';
import { INTENTS, NO_QUALIFICATION, PRE_APPROVED, type Qualification, TIMELINES } from '../answer/index.ts';
import { Invalid } from '../errors.ts';
import { Nullable, SINGLE_LINE, StringEnum } from '../http/schema.ts';
import type { Lead } from './repo.ts';

export const QUALIFICATION_LIMITS = { Areas: 10, Area: 100, PropertyType: 100, MLSNumber: 50 } as const;
/** The largest budget read or accepted: above any home's price, below a float's exact integers. */
const MAX_BUDGET = 1e12;

const blankOr = <T extends readonly string[]>(values: T, description: string) =>
  StringEnum([...values, ''] as const, { description: `${description}; "" = not known` });

/** The qualification fields of a request body (TalkToHuman, the widget's form): all optional. */
export const QualificationBody = {
  Intent: Nullable(blankOr(INTENTS, 'buy, sell, rent or invest')),
  Timeline: Nullable(blankOr(TIMELINES, 'How soon')),
  PreApproved: Nullable(blankOr(PRE_APPROVED, 'Pre-approved for a mortgage')),
  BudgetMin: Nullable(Type.Number({ minimum: 0, maximum: MAX_BUDGET })),
  BudgetMax: Nullable(Type.Number({ minimum: 0, maximum: MAX_BUDGET })),
  Areas: Nullable(
    Type.Array(Type.String({ maxLength: QUALIFICATION_LIMITS.Area, ...SINGLE_LINE }), {
      maxItems: QUALIFICATION_LIMITS.Areas,
      description: 'Cities or neighbourhoods',
    }),
  ),
  PropertyType: Nullable(Type.String({ maxLength: QUALIFICATION_LIMITS.PropertyType, ...SINGLE_LINE })),
  MLSNumber: Nullable(
    Type.String({ maxLength: QUALIFICATION_LIMITS.MLSNumber, ...SINGLE_LINE, description: 'The listing asked about' }),
  ),
};

/** The qualification fields of every lead record (LeadList, GetLeads, the console). */
export const QualificationFields = {
  Intent: Type.String({ description: 'buy, sell, rent, invest or "" (not known)' }),
  Timeline: Type.String({ description: 'now, 1-3 months, 3-6 months, 6-12 months, later or ""' }),
  PreApproved: Type.String({ description: 'yes, no or "" (not asked)' }),
  BudgetMin: Type.Union([Type.Number(), Type.Null()], { description: "In the chatbot's currency" }),
  BudgetMax: Type.Union([Type.Number(), Type.Null()]),
  Areas: Type.Array(Type.String()),
  PropertyType: Type.String(),
  MLSNumber: Type.String({ description: 'The listing asked about; "" = none' }),
};
const QualificationRecordSchema = Type.Object(QualificationFields);
export type QualificationRecord = Static<typeof QualificationRecordSchema>;

type BodyFields = { [K in keyof typeof QualificationBody]?: unknown };

/** The qualification of a request body (null and absent fields are not known). */
export function qualificationFromBody(b: BodyFields): Partial<Qualification> {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    intent: str(b.Intent) as Qualification['intent'],
    timeline: str(b.Timeline) as Qualification['timeline'],
    preApproved: str(b.PreApproved) as Qualification['preApproved'],
    budgetMin: num(b.BudgetMin),
    budgetMax: num(b.BudgetMax),
    areas: Array.isArray(b.Areas) ? b.Areas.map(str) : [],
    propertyType: str(b.PropertyType),
    mlsNumber: str(b.MLSNumber),
  };
}

const oneOf = <T extends string>(field: string, values: readonly T[], v: string | undefined): T | '' => {
  const s = (v ?? '').trim();
  if (s === '') return '';
  const found = values.find((x) => x === s);
  if (!found) throw new Invalid(field, `must be one of ${values.join(', ')} or ""`);
  return found;
};

function budget(field: string, v: number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (!Number.isFinite(v) || v < 0 || v > MAX_BUDGET)
    throw new Invalid(field, `must be a number from 0 to ${MAX_BUDGET}`);
  return v;
}

function line(field: string, v: string | undefined, max: number): string {
  const s = (v ?? '').trim();
  if (/[\r\n]/.test(s)) throw new Invalid(field, 'must be one line');
  if (s.length > max) throw new Invalid(field, `must be at most ${max} characters`);
  return s;
}

/** The qualification a lead is recorded with; throws Invalid naming the field. */
export function checkQualification(q: Partial<Qualification> | undefined): Qualification {
  if (!q) return { ...NO_QUALIFICATION, areas: [] };
  const budgetMin = budget('BudgetMin', q.budgetMin);
  const budgetMax = budget('BudgetMax', q.budgetMax);
  if (budgetMin !== null && budgetMax !== null && budgetMin > budgetMax) {
    throw new Invalid('BudgetMin', 'must not be above BudgetMax');
  }
  const areas = (q.areas ?? []).map((a) => line('Areas', a, QUALIFICATION_LIMITS.Area)).filter(Boolean);
  if (areas.length > QUALIFICATION_LIMITS.Areas) {
    throw new Invalid('Areas', `must hold at most ${QUALIFICATION_LIMITS.Areas} places`);
  }
  return {
    intent: oneOf('Intent', INTENTS, q.intent),
    timeline: oneOf('Timeline', TIMELINES, q.timeline),
    preApproved: oneOf('PreApproved', PRE_APPROVED, q.preApproved),
    budgetMin,
    budgetMax,
    areas: [...new Set(areas)],
    propertyType: line('PropertyType', q.propertyType, QUALIFICATION_LIMITS.PropertyType),
    mlsNumber: line('MLSNumber', q.mlsNumber, QUALIFICATION_LIMITS.MLSNumber),
  };
}

function areasOf(raw: string): string[] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** A stored lead's qualification. */
export function qualificationOf(l: Lead): Qualification {
  return checkQualification({
    intent: l.intent as Qualification['intent'],
    timeline: l.timeline as Qualification['timeline'],
    preApproved: l.pre_approved as Qualification['preApproved'],
    budgetMin: l.budget_min === null ? null : Number(l.budget_min),
    budgetMax: l.budget_max === null ? null : Number(l.budget_max),
    areas: areasOf(l.areas),
    propertyType: l.property_type,
    mlsNumber: l.mls_number,
  });
}

/** The qualification fields of a lead record. */
export function qualificationRecord(l: Lead): QualificationRecord {
  const q = qualificationOf(l);
  return {
    Intent: q.intent,
    Timeline: q.timeline,
    PreApproved: q.preApproved,
    BudgetMin: q.budgetMin,
    BudgetMax: q.budgetMax,
    Areas: q.areas,
    PropertyType: q.propertyType,
    MLSNumber: q.mlsNumber,
  };
}

const amount = (n: number) => Math.round(n).toLocaleString('en-US');

/** "600,000–750,000", "up to 750,000", "from 600,000", or '' when not known. */
export function budgetText(q: Pick<Qualification, 'budgetMin' | 'budgetMax'>): string {
  const { budgetMin: lo, budgetMax: hi } = q;
  if (lo !== null && hi !== null) return lo === hi ? amount(lo) : `${amount(lo)}–${amount(hi)}`;
  if (hi !== null) return `up to ${amount(hi)}`;
  if (lo !== null) return `from ${amount(lo)}`;
  return '';
}

/** The qualification as labelled lines, known fields only (the handoff email, the digests, the CRM). */
export function qualificationLines(q: Qualification): [string, string][] {
  const lines: [string, string][] = [
    ['Intent', q.intent],
    ['Timeline', q.timeline],
    ['Pre-approved', q.preApproved],
    ['Budget', budgetText(q)],
    ['Areas', q.areas.join(', ')],
    ['Property type', q.propertyType],
    ['Listing', q.mlsNumber ? `MLS ${q.mlsNumber}` : ''],
  ];
  return lines.filter(([, v]) => v !== '');
}

/** The columns of a lead row for a qualification. */
export function qualificationColumns(q: Qualification) {
  return {
    intent: q.intent,
    timeline: q.timeline,
    pre_approved: q.preApproved,
    budget_min: q.budgetMin,
    budget_max: q.budgetMax,
    areas: JSON.stringify(q.areas),
    property_type: q.propertyType,
    mls_number: q.mlsNumber,
  };
}
