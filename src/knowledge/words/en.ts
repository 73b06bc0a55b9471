// English words of the knowledge search (types.ts says what each list is for).
import type { KnowledgeWords } from './types.ts';

export const en = {
  stop:
    'a an the and or but if of to in on at by for with from about as into over under is are was were be been ' +
    'being am do does did have has had having i me my we our us you your yours he she it its they them their ' +
    'this that these those what which who whom whose when where why how can could would should will shall may ' +
    'might must not no yes so than too very just also any some all each there here then out up down off again ' +
    'please tell know want like get got much many more most other such only own same few both mine ours ' +
    // what is left of "don't", "isn't", "we'll", "you've", "they're"
    'don doesn didn isn aren wasn weren wouldn shouldn couldn haven hasn ll ve re',
  filler:
    'husband wife spouse time need needs thing guys guy kind sort way someone anyone somebody anybody usually normally roughly really ' +
    'actually exactly go going let make say know knows ok okay hi hello hey thanks question wondering curious ' +
    'able possible one bunch per lot still ever already soon right now today ' +
    // hedges and asides
    'what probably maybe perhaps around guess pretty currently yall myself yourself ourselves nobody else dont ' +
    // contractions typed without their apostrophe, and a chat's shorthand
    'whats thats theres heres wheres whos hows im ive youre theyre cant wont doesnt isnt arent didnt wasnt ' +
    'havent hasnt wouldnt couldnt shouldnt gotten ago once ' +
    'abt ur thru pls plz lol rn bc tho',
  related: {
    lose: 'lose lost losing',
    manager: 'manager managers managing',
    claim: 'claim claims',
    flood: 'flood flooded flooding floods',
    request: 'request requests',
    before: 'before ahead prior early earlier',
    back: 'back return returned',
    condition: 'condition',
    form: 'form',
    during: 'during while',
    abroad: 'abroad overseas',
    closing: 'closing sign signing',
    walkthrough: 'walkthrough',
    provide: 'provide provider supply supplier',
    minimum: 'minimum least shortest',
    downPayment: 'payment downpayment',
    satisfied: 'happy unhappy satisfied dissatisfied unsatisfied satisfaction',
    tenant: 'rent rental renting lease tenant resident renter',
    cancel: 'cancel cancellation terminate termination end',
    message: 'message voicemail answering',
    deadline: 'deadline deadlines timeline',
    referral: 'refer referral referrals referring relative',
    handle: 'handle handles handled handling',
    send: 'send write',
    responsible: 'responsible supervisor',
    lock: 'lock locks locksmith rekey rekeyed rekeying',
    deduct: 'deduct deducted deduction deductions withhold withheld',
    limit: 'limit limits threshold cutoff cap',
    low: 'low lower below',
  },
  means: {
    notice: 'notify notified',
    repair: 'leak leaks leaking leaky drip drips dripping broke broken ac hvac furnace heater boiler',
    home: 'property properties',
    minimum: 'requirement qualify qualifies',
    bill: 'billing billed',
    showing: 'show shows shown see view',
    emergency: 'urgent burst bursting flood flooded flooding',
    pay: 'paying',
    enter: 'entry',
    deadline: 'dates timeframe',
    relative: 'brother sister cousin uncle aunt nephew niece parent parents mother father son daughter sibling',
    upfront: 'front',
    fee: 'expense expenses owe owed owing penalty penalties',
    complaint: 'escalate escalation',
  },
  own: { office: 'location locations' },
  verbEndings: '',
  vague: 'anything something everything whatever nothing',
  phrases: {
    'in charge': 'responsible',
    // A share of the money is a fee ("what's your cut?"); a price cut is not.
    'your cut': 'your fee',
    'monthly cut': 'monthly fee',
    'app fee': 'application fee',
    'app fees': 'application fees',
    // Money one must make is income ("how much do I need to make a month to qualify?").
    'need to make': 'earn',
    'have to make': 'earn',
    'gotta make': 'earn',
    // A lease one breaks is ended, not repaired ("broke" alone is a repair: "the AC broke").
    'broke the lease': 'end lease',
    'broke our lease': 'end lease',
    'broke my lease': 'end lease',
    // Getting out of a lease is ending it ("any way out of the lease?").
    'out of the lease': 'end lease',
    'out of my lease': 'end lease',
    'out of our lease': 'end lease',
    // Telling the brokerage ahead is giving notice ("when do i have to tell you by").
    'tell you': 'notify',
    'let you know': 'notify',
    // The time one is there is the hours ("what time r u there on saturday?").
    'what time': 'hours',
    // Finding an owner a tenant is the leasing ("whats ur fee to find me a tenant").
    'find a tenant': 'leasing tenant',
    'find me a tenant': 'leasing tenant',
    'find a renter': 'leasing tenant',
    'find me a renter': 'leasing tenant',
  },
  when:
    'spring summer fall autumn winter tomorrow morning afternoon evening tonight night weekday monday tuesday wednesday thursday friday saturday sunday ' +
    'january february march april june july august september october november december',
  asksWhere: '\\bwhere\\b',
  asksWho: '\\b(?:who|whom|someone|somebody|anyone|anybody)\\b',
  asksHowMuch: '\\bhow much\\b',
} satisfies KnowledgeWords;
