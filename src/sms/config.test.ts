// Twilio settings: all three credentials or none, each checked at start-up.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const full = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'secret-token', TWILIO_FROM: '+15125550199' };

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted it');
}

describe('Twilio configuration', () => {
  it('is off without the variables, on with all three', () => {
    expect(loadConfig({}).twilio).toBeNull();
    expect(loadConfig({ TWILIO_BASE_URL: 'http://127.0.0.1:1' }).twilio).toBeNull();
    expect(loadConfig(full).twilio).toEqual({
      accountSid: SID,
      authToken: 'secret-token',
      from: '+15125550199',
      messagingServiceSid: null,
      baseUrl: 'https://api.twilio.com',
    });
  });

  it.each([
    ['TWILIO_ACCOUNT_SID', { TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+15125550199' }],
    ['TWILIO_AUTH_TOKEN', { TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: '+15125550199' }],
    ['TWILIO_FROM', { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 't' }],
    ['TWILIO_AUTH_TOKEN', { TWILIO_ACCOUNT_SID: SID }],
  ])('stops start-up when %s is missing from a partial set', (missing, env) => {
    const err = failure(env);
    expect(err.variable).toBe(missing);
    expect(err.message).toBe(
      `${missing}: must be set too: SMS needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM (or none of them)`,
    );
  });

  it('checks the account SID, the sender and the base URL, never echoing the token', () => {
    expect(failure({ ...full, TWILIO_ACCOUNT_SID: 'AC123' }).variable).toBe('TWILIO_ACCOUNT_SID');
    expect(failure({ ...full, TWILIO_FROM: '5125550199' }).variable).toBe('TWILIO_FROM');
    expect(failure({ ...full, TWILIO_FROM: 'Too long a sender' }).variable).toBe('TWILIO_FROM');
    expect(failure({ ...full, TWILIO_BASE_URL: 'ftp://x' }).variable).toBe('TWILIO_BASE_URL');
    expect(failure({ ...full, TWILIO_FROM: 'bad!' }).message).not.toContain('secret-token');
  });

  it('takes a Messaging Service SID, an alphanumeric sender ID, and a base URL without its trailing slash', () => {
    const service = `MG${'0123456789ABCDEF'.repeat(2)}`;
    expect(loadConfig({ ...full, TWILIO_FROM: service }).twilio).toMatchObject({
      from: null,
      messagingServiceSid: service,
    });
    expect(loadConfig({ ...full, TWILIO_FROM: 'Oak Realty' }).twilio).toMatchObject({
      from: 'Oak Realty',
      messagingServiceSid: null,
    });
    expect(loadConfig({ ...full, TWILIO_BASE_URL: 'http://127.0.0.1:4010/' }).twilio?.baseUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });
});
