import { expect, test } from 'vitest';
import { textsFor } from '../answer/builtin/i18n/index.ts';
import { answeringSentences, coverage, placeAskedText, sourceLabel } from './answer-text.ts';
import { AMOUNT_NAMED, questionConcepts } from './question.ts';

const HOURS =
  'The Round Rock office is open Monday to Friday from 9 a.m. to 6 p.m., and on Saturday from 10 a.m. to 3 p.m. ' +
  'The New Braunfels office keeps the same weekday hours and opens on Saturday by appointment. ' +
  'Both offices close on federal holidays.';

/** The sentences of `text` answering `question`. */
const answered = (text: string, question: string) => answeringSentences(text, questionConcepts(question));

test('a question naming one office gets that office’s sentence, not the other’s parallel one', () => {
  const a = answeringSentences(HOURS, questionConcepts('what time does the round rock office close on saturday?'));
  expect(a).toContain('10 a.m. to 3 p.m.');
  expect(a).not.toContain('by appointment');
  const b = answeringSentences(HOURS, questionConcepts('is the New Braunfels office open on saturday?'));
  expect(b).toContain('by appointment');
  expect(b).not.toContain('10 a.m. to 3 p.m.');
});

test('without a place asked, both offices are answered', () => {
  const a = answeringSentences(HOURS, questionConcepts('are your offices open on saturday?'));
  expect(a).toContain('10 a.m. to 3 p.m.');
  expect(a).toContain('by appointment');
});

test('another place’s sentence written like the asked place’s is left out, even saying one thing', () => {
  const text =
    'Once you live in the home, apply for the homestead exemption. The application is free and goes to the appraisal district of the county. ' +
    'For homes around Round Rock, apply to the Williamson Central Appraisal District. ' +
    'For homes around New Braunfels, apply to the Comal Appraisal District. Apply as soon as you move in.';
  const a = answered(text, 'we bought a home near New Braunfels, where is the homestead exemption?');
  expect(a).toContain('Comal Appraisal District');
  expect(a).not.toContain('Williamson');
  // Saying nothing of the question ("où demander…" shares no word with it), it is still the other
  // place's answer; a sentence naming another place written otherwise stays.
  const b = answeringSentences(text, questionConcepts('Nous avons acheté près de New Braunfels : où demander ?'));
  expect(b).toContain('Comal Appraisal District');
  expect(b).not.toContain('Williamson');
  const c = answeringSentences(
    `${text} Our Round Rock agents can recommend a tax consultant.`,
    questionConcepts('near New Braunfels, where do I apply?'),
  );
  expect(c).toContain('tax consultant');
});

test('a list item of another place is left out whole, its later sentences too', () => {
  const text =
    'Local conditions call for a few extra checks:\n' +
    '- **Round Rock and Hutto:** much of the land east of I-35 sits on expansive clay. If the inspector notes foundation movement, ask for a structural engineer, which costs $450 to $600.\n' +
    '- **New Braunfels and Canyon Lake:** many homes run on a septic system. Add a septic inspection (about $400) and a well water test.';
  const inHutto = answered(
    text,
    'buying in hutto, is an engineer on top of the inspection worth it and what does it cost?',
  );
  expect(inHutto).toContain('$450 to $600');
  expect(inHutto).not.toContain('about $400');
  // Without a place asked, both items answer.
  expect(answered(text, 'what does an inspection cost?')).toContain('about $400');
});

test('a list item is picked whole: its later sentences answer with its first', () => {
  const text = [
    'Most buyers order several inspections during the due diligence period, and each is worth its price.',
    '- **General home inspection.** Expect $425 to $650 for an average-size home. Larger homes cost more.',
    '- **Wood-destroying insect report.** Termites are common in both of our markets. It usually costs $100 to $150.',
    '- **Radon test.** Many buyers add one. It runs about $150.',
    '- **Septic inspection.** Homes outside the city limits often have a septic system. Plan on $400 to $600.',
    '- **Survey.** A survey shows the lot lines and any encroachment. Lenders may ask for one.',
    'Your broker can recommend inspectors, and you may choose any licensed one. Reports usually arrive within two days.',
  ].join('\n');
  const a = answered(text, '¿Cuánto cuesta más o menos la inspección de termitas?');
  expect(a).toContain('Termites are common');
  expect(a).toContain('$100 to $150');
  // An emphasis closing after a full stop stays with its sentence.
  expect(a).toContain('- **Wood-destroying insect report.** Termites');
  // A list item picked first brings no other item with it.
  expect(answered(text, 'what does a radon test cost?')).toBe(
    '- **Radon test.** Many buyers add one. It runs about $150.',
  );
});

test('another place’s sentence saying what the asked place’s sentences say together is left out', () => {
  const text =
    'The Omaha office is open Monday through Friday from 8:30 a.m. to 5:30 p.m. The Omaha office also opens on ' +
    'Saturdays from 9 a.m. to 1 p.m. The Lincoln office is open Monday through Friday from 9 a.m. to 6 p.m. ' +
    'The Lincoln office sees visitors on Saturdays by appointment only. Both offices close on federal holidays.';
  const a = answered(text, 'is the lincoln office open saturdays?');
  expect(a).toContain('by appointment only');
  expect(a).not.toContain('9 a.m. to 1 p.m.');
});

test('a Q&A answer is whole but for the other place’s sentences', () => {
  const answer =
    'Residents put electricity and water in their own names. In homes managed from New Braunfels, New Braunfels Utilities provides electricity and water. ' +
    'In homes managed from Round Rock, the City of Round Rock bills water, and you choose your own electricity retailer.';
  const a = placeAskedText(
    answer,
    questionConcepts('who provides the electricity in a home managed from New Braunfels?'),
  );
  expect(a).toBe(
    'Residents put electricity and water in their own names. In homes managed from New Braunfels, New Braunfels Utilities provides electricity and water.',
  );
  expect(placeAskedText(answer, questionConcepts('who provides the electricity?'))).toBe(answer);
});

test('a sentence saying one thing of the question stays beside the place it names', () => {
  const text =
    'Many clients arrive on orders to Hunter Army Airfield on the south side. Our Boots to Keys program pairs you with Lamar Whitfield, a retired Army sergeant.';
  expect(
    answeringSentences(text, questionConcepts('orders to Hunter Army Airfield, who helps military moves?')),
  ).toContain('Lamar Whitfield');
});

test('a list in a passage stays a list, and paragraphs keep their line breaks', () => {
  const text =
    'Rent is due on the 1st of each month.\n\nYou can pay rent in three ways:\n- through the resident portal (ACH or card)\n- by money order at the office\n- in cash at a PayNearMe store';
  const a = answeringSentences(text, questionConcepts('how can I pay rent?'));
  expect(a).toBe(
    'Rent is due on the 1st of each month.\nYou can pay rent in three ways:\n- through the resident portal (ACH or card)\n- by money order at the office\n- in cash at a PayNearMe store',
  );
});

test('a wrapped line inside a sentence still reads as one sentence', () => {
  const a = answeringSentences('Our office is open\nMonday to Friday. Closed on holidays.', questionConcepts('hours?'));
  expect(a).toBe('Our office is open Monday to Friday. Closed on holidays.');
});

test('the free text without a heading is named as the FAQ, not by its type', () => {
  const hit = { question: '', link: '', title: '', heading: '', sourceType: 'Text', sourceName: 'Text' };
  expect(sourceLabel(hit as Parameters<typeof sourceLabel>[0])).toBe('');
  expect(textsFor('en').knowledgeSource(sourceLabel(hit as Parameters<typeof sourceLabel>[0]))).toBe(
    '(Source: our FAQ)',
  );
  expect(textsFor('fr').knowledgeSource('Honoraires')).toBe('(Source : Honoraires)');
  expect(sourceLabel({ ...hit, heading: 'Office hours' } as Parameters<typeof sourceLabel>[0])).toBe('Office hours');
  expect(
    sourceLabel({ ...hit, sourceType: 'FileList', sourceName: 'guide.md' } as Parameters<typeof sourceLabel>[0]),
  ).toBe('guide.md');
});

test('a word saying when counts only where the passage holds it, and never leaves one word alone', () => {
  const monsoon = 'monsoon season storms start on june 15 and end on september 30';
  expect(coverage(questionConcepts('when do the summer storms usually start?'), monsoon)).toBe(1);
  expect(coverage(questionConcepts('are you open on saturday in summer?'), 'open saturday summer')).toBe(1);
  // The one word weighed and held is half of two: as much as a passage holding only the month.
  expect(coverage(questionConcepts('can we tour on saturday in july?'), 'tour')).toBe(0.5);
  // "run them in summer": "run" alone is not the question.
  expect(coverage(questionConcepts('what time do you run them in summer?'), 'renewals can run for 24 months')).toBe(
    0.5,
  );
});

test('a number the visitor tells counts only where the passage holds it', () => {
  expect(coverage(questionConcepts('do all 3 of us have to pay to apply?'), 'each adult must pay to apply')).toBe(1);
  expect(coverage(questionConcepts('do you do 12 month leases?'), 'lease run 12 month')).toBe(1);
  expect(coverage(questionConcepts('do you do 12 month leases?'), 'lease run six month')).toBe(1);
});

test('a place named only at the start of its sentences, and a sentence pointing back at one, are that place', () => {
  const lines =
    'Then call our after-hours line. Spokane residents call 509-555-0199. Tacoma residents call 253-555-0188. ' +
    'Both lines are answered around the clock.';
  const a = placeAskedText(lines, questionConcepts('i smell gas, im in tacoma. who do i call'));
  expect(a).toContain('253-555-0188');
  expect(a).not.toContain('509-555-0199');
  const offices =
    'The Spokane office is at 1207 West Riverside Avenue, Spokane. Its phone number is 509-555-0142, and its ' +
    'managing broker is Lorenzo Achterberg. The Tacoma office is at 2318 Pacific Avenue, Tacoma. Its phone ' +
    'number is 253-555-0176, and its managing broker is Mei-Ling Okafor-Strand.';
  const b = answered(offices, '¿cual es el numero de telefono de la oficina de tacoma?');
  expect(b).toContain('253-555-0176');
  expect(b).not.toContain('509-555-0142');
  // A first word the passage also writes in lower case is no name.
  const fees =
    'Listing fees depend on the office. For homes listed through the Raleigh office, the listing fee is 2.5%. ' +
    'For homes listed through the Wilmington office, the listing fee is 2.75%. A listing photo shoot is free.';
  const c = answered(fees, 'listing with your raleigh office, what do you charge?');
  expect(c).toContain('2.5%');
  expect(c).not.toContain('2.75%');
});

test('a capitalised common word is no place, and another place’s sentence written alike goes', () => {
  // "Listing" in the name of an MLS is no place: the passage writes "listing" too.
  const mls =
    'Selling starts with a listing agreement. Where your listing appears depends on the office. ' +
    'Listings taken by the Spokane office go into the Spokane Association of REALTORS® MLS. ' +
    'Listings taken by the Tacoma office go into the Northwest Multiple Listing Service.';
  const a = answered(mls, 'if i list my condo in tacoma with u, wich mls does it show up on?');
  expect(a).toContain('Northwest Multiple Listing Service');
  expect(a).not.toContain('Spokane Association');
  // "County" is no place where the passage writes "the county"; Spokane's sentence says "value",
  // Tacoma's "it".
  const value =
    'The assessed value used for property taxes comes from the county. For a more dependable number, ask us. ' +
    'For homes in Spokane, that value is set by the Spokane County Assessor. ' +
    'For homes in Tacoma, it is set by the Pierce County Assessor-Treasurer.';
  const b = answered(value, "the county's value on our tacoma house went up. who sets that number?");
  expect(b).toContain('Pierce County');
  expect(b).not.toContain('Spokane County');
});

test('a question asking how much gets the sentence stating the amount', () => {
  const buyers =
    'Buyers often ask whether hiring us means writing a big check. Our buyer representation fee is 2.4% of ' +
    'the purchase price, paid at closing. In many sales the seller agrees to cover some of it. Whatever the ' +
    'seller does not cover is spelled out in your written buyer agreement before you ever make an offer, so ' +
    'nothing is a surprise. We keep every file, every disclosure and every signed form for seven years in ' +
    'secure storage, and you can ask for a copy of any of them at any time, by email or at either office. ' +
    'You never pay us anything up front, and if you do not buy a home, you owe us nothing.';
  const concepts = questionConcepts('si compro casa con ustedes, ¿cuánto les tengo que pagar como comprador?');
  expect(answeringSentences(buyers, concepts)).not.toContain('2.4%');
  expect(answeringSentences(buyers, [...concepts, new Set([AMOUNT_NAMED])])).toContain('2.4%');
});

test('a first word is another place only when the passage names it so or writes the asked place’s sentence alike', () => {
  // "Usually" begins a sentence about the place asked, not another place.
  const hours =
    'The Tacoma office opens at 9 on weekdays. Usually the Tacoma office stays open until 6 on Fridays. ' +
    'The Spokane office opens at 8 and closes at 5 on Fridays.';
  const a = answered(hours, 'is the tacoma office open late on friday?');
  expect(a).toContain('until 6');
  // An email address naming a place is no word written in lower case.
  const lines =
    'Spokane residents call 509-555-0199. Tacoma residents call 253-555-0188. ' +
    'Email spokane@tb.example or tacoma@tb.example.';
  const b = placeAskedText(lines, questionConcepts('i smell gas, im in tacoma. who do i call'));
  expect(b).toContain('253-555-0188');
  expect(b).not.toContain('509-555-0199');
  // "There is…" points back at nothing.
  const fees =
    'The Spokane office charges a $40 application fee per adult. There is a $40 holding fee too. ' +
    'The Tacoma office charges a $50 application fee per adult.';
  expect(answered(fees, 'what is the application fee at the tacoma office?')).toContain('holding fee');
});

test('every sentence adding a word the question asks is kept, up to five, from a long passage', () => {
  const text =
    'Our offices welcome visitors every weekday, and the front desk can answer most questions about listings, showings and the neighborhoods we serve. ' +
    'A pet needs written approval before it moves in. ' +
    'The pet fee is $300 for each animal. ' +
    'Pet rent is $25 a month. ' +
    'Breed limits follow the owner’s insurance policy. ' +
    'Renters insurance with $100,000 of liability coverage is required for every lease we sign, whatever the home and whoever owns it. ' +
    'Keys are handed over at the lease signing once the first month’s rent and the deposit have cleared the bank.';
  const a = answered(text, 'do you need approval for a pet, what is the fee, the monthly rent and the breed limits?');
  for (const part of ['written approval', '$300', '$25 a month', 'Breed limits']) expect(a).toContain(part);
  expect(a).not.toContain('Keys are handed over');
});

test('asked about one office, the list under another office’s label is left out', () => {
  const text = [
    'Opening hours differ a little:',
    '',
    '**Columbus (High Street)**',
    '- Monday to Friday: 9 a.m. to 5:30 p.m.',
    '- Saturday: 10 a.m. to 3 p.m.',
    '- Sunday: closed',
    '',
    '**Cincinnati (Vine Street)**',
    '- Monday to Friday: 8:30 a.m. to 5 p.m.',
    '- Saturday: 9 a.m. to noon',
    '- Sunday: 1 p.m. to 4 p.m., for walk-ins from the market crowd',
    '',
    'Both offices close on New Year’s Day, Memorial Day, Independence Day, Labor Day, Thanksgiving and Christmas. The maintenance emergency lines for our tenants keep running on those days.',
  ].join('\n');
  const a = answered(text, 'anyone actually at the vine st office on sundays?');
  expect(a).toContain('1 p.m. to 4 p.m.');
  expect(a).not.toContain('closed');
  const b = answered(text, 'is the columbus office open sundays?');
  expect(b).toContain('Sunday: closed');
  expect(b).not.toContain('1 p.m. to 4 p.m.');
});
