// The fake OpenAI-compatible provider (test/fake-provider.ts) in its own process, so its
// event loop is not the load generator's: every chat request streams the same long answer
// (FAKE_FRAGMENTS fragments, FAKE_INTERVAL_MS apart). Prints its base URL (…/v1) on stdout.
// FAKE_RECORD_FILE, when set, receives the first chat request's JSON body: the benchmark
// sends that same body straight to the provider to compare with the path through Parlor.
import { writeFileSync } from 'node:fs';
import { type Behaviour, startFakeProvider } from '../test/fake-provider.ts';

const fragments = Number(process.env.FAKE_FRAGMENTS ?? 200);
const intervalMs = Number(process.env.FAKE_INTERVAL_MS ?? 10);
const recordFile = process.env.FAKE_RECORD_FILE;

// About five characters a fragment, like a model's tokens.
const sentence = 'This bright three-bedroom home has a garden, a garage and a new kitchen. ';
const text = sentence.repeat(Math.ceil((fragments * 5) / sentence.length)).slice(0, fragments * 5);
const answer: Behaviour = {
  kind: 'text',
  text,
  fragments,
  intervalMs,
  usage: { prompt_tokens: 400, completion_tokens: fragments },
};

const fake = await startFakeProvider();
let recorded = false;
fake.fallback((req) => {
  if (recordFile && !recorded && req.body) {
    recorded = true;
    writeFileSync(recordFile, JSON.stringify(req.body));
  }
  // The fake keeps every request for tests to inspect; a benchmark only needs the count.
  fake.requests.length = 0;
  return answer;
});
process.stdout.write(`${fake.url}\n`);
