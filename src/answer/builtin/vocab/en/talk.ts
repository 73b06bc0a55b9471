// English: small talk (greetings, thanks, goodbyes, "are you a bot"), and instructions smuggled into a message.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const talk = {
  greeting: {
    core: w('hi hello hey hiya howdy greetings morning afternoon evening yo'),
    filler: w('there everyone all team folks friend friends good day how are you doing is it going whats up and'),
    phrases: ['how are you', 'how is it going'],
  },
  thanks: {
    core: w('thanks thank thx ty bye goodbye cheers'),
    filler:
      w(`you so much very a lot ok okay great cool perfect nice good super for your help the info that's thats that is
      all everything it i need needed now`),
    phrases: ["that'?s (all|everything|it)", 'that is (all|everything)'],
  },
  whoAmI: [
    '^(hi |hello |hey )?(who|what) (are|r) (you|u)',
    'are (you|u) (a |an )?(real |actual )?(person|human|bot|robot|ai|machine|computer|agent)',
    '(am i )?(talking|chatting|speaking) (to|with) (a |an )?(real )?(person|human|bot|robot|machine)',
  ],
  bye: [
    'bye',
    'goodbye',
    'good bye',
    'see (you|ya)',
    'have a (good|nice|great) (one|day|night|evening|weekend)',
    'take care',
    'later',
    '(i )?(gotta|got to|have to|need to|must) (go|run)',
    "i'?m (leaving|off)",
  ],
  okay: ['ok(ay)?'],
  injection: {
    ignore: ['ignore', 'disregard', 'forget', 'override', 'bypass'],
    instructions: ['instructions?', 'rules?', 'everything', 'above', 'previous', 'prompt', 'guidelines', 'system'],
    roles: ['system', 'assistant', 'developer'],
    reveal: ['print', 'show', 'reveal', 'repeat', 'output'],
    revealed: ['(system )?prompt'],
    phrases: [
      'new instructions?',
      '(reply|respond|answer|say) only with',
      'from now on',
      'pretend (to be|you are)',
      'act as',
      'you are now',
    ],
  },
} satisfies Partial<Vocabulary>;
