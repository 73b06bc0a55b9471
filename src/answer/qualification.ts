// What a brokerage qualifies a lead on (DESIGN 3.13; docs/crm.md). The one list of each field's
// values: the API's schemas, the lead's rules (leads/), the builtin engine's reader and the
// model's talk_to_human tool all take them from here.

export const INTENTS = ['buy', 'sell', 'rent', 'invest'] as const;
export const TIMELINES = ['now', '1-3 months', '3-6 months', '6-12 months', 'later'] as const;
export const PRE_APPROVED = ['yes', 'no'] as const;

export type Intent = (typeof INTENTS)[number];
export type Timeline = (typeof TIMELINES)[number];

export interface Qualification {
  /** '' = not known. */
  intent: Intent | '';
  timeline: Timeline | '';
  preApproved: (typeof PRE_APPROVED)[number] | '';
  /** In the chatbot's currency; null = not known. */
  budgetMin: number | null;
  budgetMax: number | null;
  /** Cities or neighbourhoods. */
  areas: string[];
  propertyType: string;
  /** The listing asked about (the last one shown or named); '' = none. */
  mlsNumber: string;
}

export const NO_QUALIFICATION: Qualification = Object.freeze({
  intent: '',
  timeline: '',
  preApproved: '',
  budgetMin: null,
  budgetMax: null,
  areas: [],
  propertyType: '',
  mlsNumber: '',
});

/** The fields of `b` that are known, over those of `a` (what the visitor said last wins). */
export function mergeQualification(a: Qualification, b: Partial<Qualification>): Qualification {
  return {
    intent: b.intent || a.intent,
    timeline: b.timeline || a.timeline,
    preApproved: b.preApproved || a.preApproved,
    budgetMin: b.budgetMin ?? (b.budgetMax != null ? null : a.budgetMin),
    budgetMax: b.budgetMax ?? (b.budgetMin != null ? null : a.budgetMax),
    areas: b.areas?.length ? b.areas : a.areas,
    propertyType: b.propertyType || a.propertyType,
    mlsNumber: b.mlsNumber || a.mlsNumber,
  };
}
