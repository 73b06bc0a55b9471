// The qualification choices of the talk-to-human form: the fields the chatbot's
// QualifyQuestions names, in its order, as the lead's own values (docs/crm.md).
import { h } from './dom.ts';

export interface LeadQualification {
  Intent?: string;
  Timeline?: string;
  PreApproved?: string;
  BudgetMin?: number;
  BudgetMax?: number;
  Areas?: string[];
  PropertyType?: string;
}

type Choice = [value: string, label: string];

const SELECTS: Record<string, [label: string, choices: Choice[]]> = {
  Intent: [
    'I want to',
    [
      ['buy', 'Buy'],
      ['sell', 'Sell'],
      ['rent', 'Rent'],
      ['invest', 'Invest'],
    ],
  ],
  Timeline: [
    'When',
    [
      ['now', 'Now'],
      ['1-3 months', 'In 1–3 months'],
      ['3-6 months', 'In 3–6 months'],
      ['6-12 months', 'In 6–12 months'],
      ['later', 'Later'],
    ],
  ],
  PreApproved: [
    'Pre-approved for a mortgage',
    [
      ['yes', 'Yes'],
      ['no', 'No'],
    ],
  ],
  PropertyType: [
    'Kind of home',
    [
      ['house', 'House'],
      ['condo', 'Condo'],
      ['apartment', 'Apartment'],
      ['townhouse', 'Townhouse'],
      ['land', 'Land'],
    ],
  ],
};

export interface LeadChoices {
  /** The labelled inputs, in the chatbot's order. */
  els: HTMLElement[];
  /** What the visitor chose; a field left blank is not sent. */
  value(): LeadQualification;
}

function select(name: string, label: string, choices: Choice[]): [HTMLElement, HTMLSelectElement] {
  const sel = h('select', { name });
  sel.append(h('option', { value: '' }, '—'));
  for (const [value, text] of choices) sel.append(h('option', { value }, text));
  return [h('label', {}, label, sel), sel];
}

const budget = (input: HTMLInputElement): number | undefined => {
  const n = input.valueAsNumber;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

export function leadChoices(fields: readonly string[]): LeadChoices {
  const els: HTMLElement[] = [];
  const reads: ((q: LeadQualification) => void)[] = [];
  for (const f of fields) {
    const chosen = SELECTS[f];
    if (chosen) {
      const [el, sel] = select(f, ...chosen);
      els.push(el);
      reads.push((q) => {
        if (sel.value) (q as Record<string, unknown>)[f] = sel.value;
      });
    } else if (f === 'Budget') {
      const min = h('input', { name: 'budgetMin', type: 'number', min: '0', step: 'any', inputmode: 'numeric' });
      const max = h('input', { name: 'budgetMax', type: 'number', min: '0', step: 'any', inputmode: 'numeric' });
      els.push(h('label', {}, 'Budget from', min), h('label', {}, 'Budget up to', max));
      reads.push((q) => {
        q.BudgetMin = budget(min);
        q.BudgetMax = budget(max);
      });
    } else if (f === 'Areas') {
      const areas = h('input', {
        name: 'areas',
        maxlength: '500',
        placeholder: 'Cities or neighbourhoods, with commas',
      });
      els.push(h('label', {}, 'Areas', areas));
      reads.push((q) => {
        const list = areas.value
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean)
          .slice(0, 10);
        if (list.length) q.Areas = list;
      });
    }
  }
  return {
    els,
    value() {
      const q: LeadQualification = {};
      for (const read of reads) read(q);
      return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as LeadQualification;
    },
  };
}
