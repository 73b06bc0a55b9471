// A mailer for the worker tests that send no e-mail: any message sent fails the test.
import type { Mailer } from '../src/outbox/mailer.ts';

export const noMail: Mailer = {
  send: async () => {
    throw new Error('no email expected');
  },
  close: () => {},
};
