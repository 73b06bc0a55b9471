// Knowledge from text and Q&A (EditKnowledge, GetSource) and the builtin engine answering
// questions about the brokerage from it, on SQLite and PostgreSQL: partial updates, removal,
// another workspace's chatbot, bad sources refused before anything changes, answers
// that name their source, the honest no-answer for what the knowledge does not cover, and
// listing questions untouched.
import { afterAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, createListing, expectFailure, listingBody } from '../factories.ts';
import { buildTestApp, call, post } from '../harness.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const { ws, serial, sessionId } = await chatbotWithSession(t, { Name: 'Sunbelt Realty' });
await createListing(t.app, ws.auth, listingBody(serial, { City: 'Austin', Bedrooms: 3, SalePrice: 420_000 }));

const TEXT = `# Office hours

Our office at 12 Congress Ave is open Monday to Saturday, 9 am to 6 pm. We are closed on Sundays and public holidays.

# Areas we cover

We work across Austin, Round Rock and Georgetown. Our agents know every neighborhood there.

# Booking a showing

To book a showing, call us at (512) 555-0100 or ask in this chat for an agent. Showings take about thirty minutes.`;

const QA = [
  { key: 'Do you charge buyers a fee?', value: 'No: buyers pay us nothing; the seller pays our commission.' },
  { key: '¿Hablan español?', value: 'Sí, tres de nuestros agentes hablan español.' },
  { key: 'Acceptez-vous les animaux dans les locations ?', value: 'Cela dépend du propriétaire de chaque location.' },
];

/** A new conversation with a chatbot: its session ID. */
async function newSession(serialNumber: string, auth: Record<string, string>): Promise<number> {
  return (await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber }, auth)).SessionID;
}

/**
 * Another brokerage's chatbot taught `text`, and a question to it: in the chatbot's first session,
 * or in a new one each time when `fresh` (what an earlier answer left does not carry over).
 */
async function brokerage(name: string, text: string) {
  const other = await chatbotWithSession(t, { Name: name }, name);
  await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: other.serial, text }, other.ws.auth);
  const asked = async (content: string, fresh = false) => {
    const sessionID = fresh ? await newSession(other.serial, other.ws.auth) : other.sessionId;
    return call<{ content: string; noAnswer: boolean }>(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID, content },
      other.ws.auth,
    );
  };
  /** Asks in a new conversation. */
  const fresh = (content: string) => asked(content, true);
  return { ...other, asked, fresh };
}

/** An answer that holds `text` and is not the honest no-answer. */
function expectAnswer(r: { content: string; noAnswer: boolean }, text: RegExp, label?: string) {
  expect(r.content, label).toMatch(text);
  expect(r.noAnswer, label).toBe(false);
}

const ask = async (content: string, session = sessionId) =>
  await call<{ content: string; noAnswer: boolean }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: session, content },
    ws.auth,
  );

describe('EditKnowledge and GetSource', () => {
  it('stores text and Q&A as sources with status 2; omitted sources are kept, null removes', async () => {
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, text: TEXT, qaList: QA }, ws.auth);
    let sources = await call<{ Type: string; Status: number; Length: number; Value: string }[]>(
      t.app,
      '/chat/Chatbot/GetSource',
      { serialNumber: serial },
      ws.auth,
    );
    expect(sources.map((s) => [s.Type, s.Status])).toEqual([
      ['Text', 2],
      ['QAList', 2],
    ]);
    expect(sources[0]?.Length).toBe(TEXT.trim().length);
    expect(JSON.parse(sources[1]?.Value ?? '[]')).toHaveLength(3);
    // Only qaList given: the text stays.
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, qaList: QA.slice(0, 2) }, ws.auth);
    sources = await call(t.app, '/chat/Chatbot/GetSource', { serialNumber: serial }, ws.auth);
    expect(sources.map((s) => s.Type)).toEqual(['Text', 'QAList']);
    // null removes the list, and its passages with it.
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, qaList: null }, ws.auth);
    sources = await call(t.app, '/chat/Chatbot/GetSource', { serialNumber: serial }, ws.auth);
    expect(sources.map((s) => s.Type)).toEqual(['Text']);
    expect((await ask('Do you charge buyers a fee?')).content).not.toMatch(/seller pays our commission/);
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, qaList: QA }, ws.auth);
  });

  it('bad input names the field and changes nothing, the other sources of the request included', async () => {
    expectFailure(
      await post(
        t.app,
        '/chat/Chatbot/EditKnowledge',
        { serialNumber: serial, qaList: [{ key: '', value: 'x' }] },
        ws.auth,
      ),
      400,
    );
    expectFailure(
      await post(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, text: 7 }, ws.auth),
      400,
      'text',
    );
    const badUrl = await post(
      t.app,
      '/chat/Chatbot/EditKnowledge',
      { serialNumber: serial, text: 'Replaced?', websiteList: [{ url: 'https://example.com' }, { url: 'ftp://x' }] },
      ws.auth,
    );
    expectFailure(badUrl, 400, 'websiteList[1].url');
    const privateMap = await post(
      t.app,
      '/chat/Chatbot/EditKnowledge',
      { serialNumber: serial, text: 'Replaced?', SiteMapUrl: 'http://169.254.169.254/sitemap.xml' },
      ws.auth,
    );
    expectFailure(privateMap, 400, 'SiteMapUrl');
    const notADocument = await post(
      t.app,
      '/chat/Chatbot/EditKnowledge',
      { serialNumber: serial, text: 'Replaced?', fileList: [2_000_000_000] },
      ws.auth,
    );
    expectFailure(notADocument, 400, 'fileList[0]');
    expectFailure(
      await post(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, SyncSiteMapDays: 3 }, ws.auth),
      400,
      'SyncSiteMapDays',
    );
    const sources = await call<{ Type: string; Value: string }[]>(
      t.app,
      '/chat/Chatbot/GetSource',
      { serialNumber: serial },
      ws.auth,
    );
    expect(sources.find((s) => s.Type === 'Text')?.Value).toBe(TEXT.trim());
  });

  it("another workspace's chatbot answers 404 and is untouched", async () => {
    const other = await chatbotWithSession(t);
    expectFailure(
      await post(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: other.serial, text: 'x' }, ws.auth),
      404,
    );
    expectFailure(await post(t.app, '/chat/Chatbot/GetSource', { serialNumber: other.serial }, ws.auth), 404);
    expect(await call(t.app, '/chat/Chatbot/GetSource', { serialNumber: other.serial }, other.ws.auth)).toEqual([]);
    // Its visitors get none of this chatbot's knowledge.
    const theirs = await call<{ content: string }>(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: other.sessionId, content: 'What are your office hours?' },
      other.ws.auth,
    );
    expect(theirs.content).not.toMatch(/Congress Ave|9 am/);
  });
});

describe('the builtin engine answers from the knowledge', () => {
  const cases: [string, RegExp, RegExp][] = [
    ['What are your office hours?', /Monday to Saturday, 9 am to 6 pm/, /Office hours/],
    ['Are you open on Sundays?', /closed on Sundays/, /Office hours/],
    ['Which areas do you cover?', /Austin, Round Rock and Georgetown/, /Areas we cover/],
    ['How do I book a showing?', /call us at \(512\) 555-0100/, /Booking a showing/],
    ['Do you charge buyers a fee?', /the seller pays our commission/, /Do you charge buyers a fee\?/],
    ['¿Hablan español en su oficina?', /tres de nuestros agentes/, /(Source|Fuente): ¿Hablan español\?/],
    ['Acceptez-vous les animaux ?', /propriétaire de chaque location/, /Source ?: Acceptez-vous/],
  ];
  it.each(cases)('%s', async (question, answer, source) => {
    const r = await ask(question);
    expect(r.content).toMatch(answer);
    expect(r.content).toMatch(source);
    expect(r.noAnswer).toBe(false);
  });

  it('a question the knowledge does not cover gets the honest no-answer', async () => {
    for (const q of ['Who won the football game last night?', 'Can you write me a poem about the sea?']) {
      const r = await ask(q);
      expect(r.noAnswer, q).toBe(true);
      expect(r.content).not.toMatch(/Source/);
    }
  });

  it('a question about what the knowledge lacks gets the honest no-answer, though it shares its generic words', async () => {
    const fresh = () => newSession(serial, ws.auth);
    const r = await ask('Is there a cafeteria at the office on Saturdays?', await fresh());
    expect(r.noAnswer).toBe(true);
    expect(r.content).not.toMatch(/Source/);
    // A long word beside what is asked is an aside: the asking sentence is answered.
    const aside = await ask("We're relocating from far away. Are you open on Saturdays?", await fresh());
    expect(aside.content).toMatch(/Monday to Saturday/);
    expect(aside.noAnswer).toBe(false);
  });

  it("a question about the brokerage's services that names homes is no search: the honest no-answer", async () => {
    const fresh = () => newSession(serial, ws.auth);
    for (const q of [
      '¿Ustedes compran casas al contado?',
      '¿Las casas que venden incluyen garantía de hogar?',
      'Vendez-vous des maisons saisies aux enchères ?',
      'do you buy houses for cash?',
      'Vocês vendem casas de leilão?',
    ]) {
      const r = await ask(q, await fresh());
      expect(r.noAnswer, q).toBe(true);
      expect(r.content, q).not.toMatch(/\$420,000|couldn't find|Source/);
      expect(r.content, q).toMatch(/someone from our team/);
    }
    // Asking for homes, with or without criteria, is still a search.
    for (const q of [
      'do you have houses?',
      '¿tienen casas?',
      'avez-vous des maisons ?',
      'do you sell houses in Austin?',
    ]) {
      const r = await ask(q, await fresh());
      expect(r.content, q).toMatch(/\$420,000/);
    }
  });

  it('a message whose asking part alone reaches a passage holding little of the rest gets the passage holding more of it', async () => {
    const { fresh } = await brokerage(
      'Dogwood Realty',
      '# Complaints\n\nWe acknowledge every written complaint within one business day and send a written answer ' +
        'within ten business days.\n\n# Deposits\n\nWe return any deposit refund, with an itemized list of ' +
        'deductions, within 30 days after you move out and hand back the keys.\n\n# Rent\n\nRent is due on the 1st. ' +
        'If we have not received it by the 5th, a late fee applies; allow two weeks for a new bank account to be set up.',
    );
    expectAnswer(
      await fresh("i haven't received my deposit refund and i moved out 3 weeks ago. how long do you have to send it?"),
      /within 30 days/,
    );
    // The asking part's own passage answers when the whole message's holds no more of it.
    expectAnswer(await fresh('how long do you have to send an answer to a complaint?'), /ten business days/);
  });

  it("a price beside the brokerage's fee is the fee's condition, not a search", async () => {
    const other = await brokerage(
      'Mesa Realty',
      '# Selling with us\n\nOur listing commission is 2.75% of the sale price; for homes that sell for more than $1 million it is 2.25%.',
    );
    await createListing(t.app, other.ws.auth, listingBody(other.serial, { City: 'Austin', SalePrice: 1_250_000 }));
    const { asked } = other;
    for (const q of [
      'Is your commission lower for homes over $1 million?',
      'Para casas acima de 1 milhão de dólares a comissão de venda é menor?',
    ]) {
      const r = await asked(q);
      expect(r.content, q).toMatch(/2\.25%/);
      expect(r.content, q).not.toMatch(/\$1,250,000/);
    }
    // Homes bounded by their own HOA fee are a search.
    const search = await asked('homes over $1 million with no HOA fee');
    expect(search.content).toMatch(/\$1,250,000/);
  });

  it('a question on a topic no listing answers is answered only by a passage on that topic', async () => {
    const { asked } = await brokerage(
      'Cedar Realty',
      '# Management fees\n\nFor homes we manage from our Round Rock office, the monthly fee is 9% of the rent collected.\n\n' +
        "# Renters\n\nRenter's insurance is required for every lease we sign.\n\n# Moving in\n\nThe first month's " +
        'rent is due the day you move in. If your plans change, tell your manager a month ahead.',
    );
    // The fee passage holds more of the question's words, but says nothing of insurance.
    const r = await asked('How much does home insurance cost in Round Rock?');
    expect(r.content).not.toMatch(/9%/);
    expect(r.noAnswer).toBe(true);
    const covered = await asked('Do I need renters insurance?');
    expect(covered.content).toMatch(/insurance is required/);
    expect(covered.noAnswer).toBe(false);
    // The sentence naming the topic is asked on its own when the whole message finds another passage.
    expectAnswer(
      await asked('do i need renters insurance to move in? we have a big lab mix if that changes anything'),
      /insurance is required/,
    );
  });

  it("a passage on a lender's letter is on the topic of mortgages, though it never says the word", async () => {
    const { asked } = await brokerage(
      'Pecan Realty',
      '# Pre-approval\n\nA lender checks your documents before giving a pre-approval. A pre-approval letter is ' +
        'normally good for 90 days.\n\n# Office hours\n\nWe are open Monday to Friday, 9 am to 5 pm.',
    );
    expectAnswer(await asked('a carta de pre aprovacao do financiamento vale por quanto tempo?'), /90 days/);
    // A question on mortgage rates the passage does not speak of is still not answered from it.
    const rates = await asked('what are mortgage rates like right now?');
    expect(rates.content).not.toMatch(/90 days/);
    expect(rates.noAnswer).toBe(true);
  });

  it('a search no listing matches is answered by a passage holding all of it, a place the visitor tells aside', async () => {
    const other = await brokerage(
      'Juniper Realty',
      '# Moving here\n\nOur relocation team helps families moving from far away. While you look, we can usually ' +
        'offer a furnished house from our rental portfolio on a 3-month lease.\n\n' +
        '# Office hours\n\nWe are open Monday to Friday, 9 am to 5 pm.',
    );
    await createListing(t.app, other.ws.auth, listingBody(other.serial, { City: 'Austin', SalePrice: 380_000 }));
    const asked = other.fresh;
    // No listing is furnished; the passage holds every word of the question but "Brazil", where
    // the family comes from.
    const moving = await asked("We're moving from Brazil, do you have a furnished house to stay in while we look?");
    expect(moving.content).toMatch(/3-month lease/);
    expect(moving.noAnswer).toBe(false);
    // Furnished homes in a place the listings are not in stay a search, in Portuguese too ("em").
    for (const q of ['do you have a furnished house in Boulder?', 'vocês têm casa mobiliada em Boulder?']) {
      const r = await asked(q);
      expect(r.content, q).not.toMatch(/3-month|Source|Fonte/);
      expect(r.content, q).toMatch(/Boulder/);
    }
  });

  it('a last clause that asks after a comma is answered when what comes before only tells', async () => {
    const { fresh: asked } = await brokerage(
      'Alder Realty',
      '# After hours\n\nCalls to the office after hours go to our answering service, and an agent calls you ' +
        'back by 10 a.m. the next business day.\n\n# Visiting\n\nVisitors park for free behind the office.',
    );
    // "voicemail" and "landline", held by no passage, are what the visitor tells.
    expectAnswer(
      await asked('if I leave a voicemail from my landline after hours, what time do you call back?'),
      /by 10 a\.m\./,
    );
    // The clause that asks what the knowledge lacks is still refused.
    const lacking = await asked('if I come by after hours, do you validate parking with a ticket machine?');
    expect(lacking.noAnswer).toBe(true);
    expect(lacking.content).not.toMatch(/Source/);
  });

  it('a number the visitor tells counts only in a passage holding it, and ranks that passage first', async () => {
    const { fresh: asked } = await brokerage(
      'Saltgrass Realty',
      '# Applying\n\nEvery adult who will live in the home applies online and pays an application fee of $55.\n\n' +
        '# Short leases\n\nSix-month leases are available on some homes at a higher monthly rent.\n\n' +
        '# Standard lease\n\nOur standard lease is 12 months, and renewals can run for up to 24 months.\n\n' +
        '# Late rent\n\nRent is late after the 3rd; paying by card online costs 3% more.',
    );
    // "all 3 of us" tells who applies; the passage on rent paid late holds a 3.
    expectAnswer(await asked('do all 3 of us have to pay to apply online?'), /fee of \$55/);
    // Both lease passages hold "lease" and "month"; the one holding the 12 answers (the index's
    // rank, which counts the 12, decides between them: this guards it).
    expectAnswer(await asked('do you do 12 month leases?'), /standard lease is 12 months/);
  });

  it('the place a message names before the sentence that asks is the place of the answer', async () => {
    const { fresh: asked } = await brokerage(
      'Mesquite Realty',
      '# Management fees\n\nMonthly management fee, homes managed from our Round Rock office: 9% of the rent ' +
        'collected. Monthly management fee, homes managed from our New Braunfels office: 10% of the rent ' +
        'collected, as homes there are more spread out.\n\n# Visiting\n\nVisitors park for free behind the office.',
    );
    const r = await asked(
      'I own a rental house outside New Braunfels and my current company keeps letting tenants pay late. ' +
        'What do you charge per month to manage a house out there?',
    );
    expectAnswer(r, /10% of the rent/);
    expect(r.content).not.toMatch(/9% of the rent/);
    // Typed in lower case, the place is the passage's own name all the same; "your cut" is a fee.
    const lower = await asked(
      'moving across the country for a new job and not ready to sell my place in new braunfels, ' +
        'thinking of renting it out with a manager instead. whats your monthly cut?',
    );
    expectAnswer(lower, /10% of the rent/);
    expect(lower.content).not.toMatch(/9% of the rent/);
  });

  it("a verb of the visitor's language that no passage holds does not count against the passage", async () => {
    const { fresh: asked } = await brokerage(
      'Nopal Realty',
      '# Spanish line\n\nLínea en español: 520-555-0150. Le atendemos en español de lunes a sábado.\n\n' +
        '# Visiting\n\nVisitors park for free behind the office.',
    );
    // "atiendan" (the passage says "atendemos") is how the visitor asks.
    expectAnswer(await asked('¿Tienen algún número donde me atiendan en español?'), /520-555-0150/);
    // A thing no passage names ("certificaciones") still tells the question is about what the
    // knowledge lacks.
    const lacking = await asked('¿Tienen un número para certificaciones en español?');
    expect(lacking.noAnswer).toBe(true);
  });

  it('a word saying when the visitor acts (a day, a month, a season) does not count against the passage that answers', async () => {
    const { fresh: asked } = await brokerage(
      'Marsh Realty',
      '# Showings\n\nCall our showing coordinator, Tamsin Greer, at 912-555-0142 to set up or reschedule a ' +
        'showing. Please give us 24 hours notice for occupied homes.\n\n# Parking\n\nVisitors park for free ' +
        'behind the office.',
    );
    for (const q of [
      'something came up, can I reschedule my showing tomorrow morning?',
      'je dois décaler une visite prévue demain matin, à qui je m’adresse ?',
      // A month or a season, in the visitor's language.
      'can I reschedule my showing for September?',
      '¿puedo reprogramar mi visita para septiembre?',
      'can I reschedule my showing this fall?',
    ]) {
      expectAnswer(await asked(q), /Tamsin Greer/, q);
    }
  });

  it('a verb is read as typed, and a place the visitor comes from is no word the knowledge lacks', async () => {
    const { fresh: asked } = await brokerage(
      'Mesquite Realty',
      '# Relocation\n\nEach office has a relocation coordinator. In Round Rock, Priyanka Shah looks after moves ' +
        'to Austin, Round Rock and Pflugerville: she sends a newcomer packet on schools and neighborhoods and ' +
        'sets up a free half-day area tour.\n\n# Visiting\n\nVisitors park for free behind the office.',
    );
    // "planeamos" folds to "planeamo", and its "-amos" still says it is a verb; "Chicago" is told.
    expectAnswer(await asked('Planeamos la mudanza a Pflugerville. ¿Quién nos ayuda?'), /Priyanka Shah/);
    expectAnswer(await asked('Nos vamos de Chicago a Pflugerville con la mudanza. ¿Quién nos ayuda?'), /Priyanka Shah/);
    // A place asked about that no passage names is still refused.
    const lacking = await asked('¿quién nos ayuda con la mudanza a Chicago?');
    expect(lacking.content).not.toMatch(/Priyanka Shah/);
  });

  it('a question that asks to talk to someone is answered by the knowledge that holds it', async () => {
    const { fresh: asked } = await brokerage(
      'Laurel Realty',
      '# Spanish line\n\nPrefer to speak Spanish? Call our Spanish line at 912-555-0155, Monday to Saturday.\n\n' +
        '# Visiting\n\nVisitors park for free behind the office.',
    );
    expectAnswer(
      await asked('my dad only speaks spanish, is there a phone number he can call to talk to someone in spanish'),
      /912-555-0155/,
    );
    // A request for a person alone is still handed to one.
    const person = await asked('can I talk to a real person?');
    expect(person.content).toMatch(/put you in touch/);
  });

  it('a feature no listing records is first looked for in the knowledge', async () => {
    const { fresh: asked } = await brokerage(
      'Ocotillo Realty',
      '# Pool inspections\n\nA general inspection does not cover a pool or spa. Ask for a separate pool ' +
        'inspection; it costs $150 to $175.\n\n# Contracts\n\nEvery house we sell is under a state contract ' +
        'form; the rules are the same for every buyer.\n\n# Visiting\n\nVisitors park for free behind the office.',
    );
    expectAnswer(
      await asked(
        "house we're under contract on has a pool + hot tub. is the normal inspector enough or do i need a pool guy too, and roughly what does that cost",
      ),
      /\$150 to \$175/,
    );
  });

  it('a question asking who keeps the sentence naming a person', async () => {
    const other = await brokerage(
      'Tabby Realty',
      '# The Old Town district\n\nHomes inside the Old Town district are protected: their fronts, roofs and ' +
        'fences may only change with a certificate from the city review board, which meets monthly and ' +
        'publishes its rules online. Work inside a home needs only the usual building permits. Buyers ' +
        'who plan changes should read the rules before they make an offer, since the board can refuse ' +
        'new windows or siding. Our district specialist, Odile Marchetti, has guided buyers through ' +
        'dozens of reviews. She also keeps a list of contractors used to old plaster walls and pine floors.',
    );
    const r = await other.fresh('is there someone at your office who knows the Old Town district rules?');
    expect(r.content).toMatch(/Odile Marchetti/);
    const rules = await other.fresh('what are the Old Town district rules for fences?');
    expect(rules.content).not.toMatch(/Odile Marchetti/);
  });

  it('a question about homes and about the brokerage answers both, in the order asked', async () => {
    const both = await ask("Do you have 3-bed homes in Austin, and what's your fee for buyers?");
    expect(both.content).toMatch(/\$420,000/);
    expect(both.content).toMatch(/the seller pays our commission/);
    expect(both.content.indexOf('$420,000')).toBeLessThan(both.content.indexOf('seller pays'));
    expect(both.noAnswer).toBe(false);
    const reversed = await ask('When are you open? Also any 3 bedroom houses in Austin under 450k?');
    expect(reversed.content).toMatch(/9 am to 6 pm/);
    expect(reversed.content).toMatch(/\$420,000/);
    expect(reversed.content.indexOf('9 am')).toBeLessThan(reversed.content.indexOf('$420,000'));
    // Two searches joined are one search, not knowledge.
    const two = await ask('3 bedroom homes in Austin and what about 2 bedrooms?');
    expect(two.content).not.toMatch(/Source/);
  });

  it('listing questions are answered from the listings, not the knowledge', async () => {
    const r = await ask('3 bedroom homes in Austin under $450k');
    expect(r.content).toMatch(/\$420,000/);
    expect(r.content).not.toMatch(/Source/);
  });
});

describe("the model's search_knowledge tool", () => {
  it('returns the best passages with their source; bad arguments are an error for the model', async () => {
    const { runTool } = await import('../../src/answer/tools.ts');
    const { knowledgePassagesFor } = await import('../../src/knowledge/search.ts');
    const { requireChatbot } = await import('../../src/chatbots/service.ts');
    const bot = await requireChatbot({ db: t.db.kysely, workspaceId: ws.workspaceId, now: new Date() }, serial);
    const req = {
      knowledgePassages: knowledgePassagesFor(t.db.kysely, t.db.dialect, ws.workspaceId, bot.id),
    } as unknown as Parameters<typeof runTool>[0];
    const out = JSON.parse(await runTool(req, 'search_knowledge', '{"query": "when is the office open", "limit": 2}'));
    expect(out.passages[0]).toMatchObject({ source: 'Text', heading: 'Office hours' });
    expect(out.passages[0].text).toMatch(/Monday to Saturday/);
    expect(out.passages.length).toBeLessThanOrEqual(2);
    const fee = JSON.parse(await runTool(req, 'search_knowledge', '{"query": "buyer fee"}'));
    expect(fee.passages[0]).toMatchObject({ source: 'Q&A: Do you charge buyers a fee?' });
    expect(JSON.parse(await runTool(req, 'search_knowledge', '{"query": ""}')).error).toMatch(/query/);
  });
});
