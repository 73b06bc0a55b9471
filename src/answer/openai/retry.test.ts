// The retry pauses of one answer: the provider's Retry-After within a bound, else the back-off.
import { describe, expect, it } from 'vitest';
import { ProviderStatus, ProviderUnreachable } from './provider.ts';
import { RetryClock, retryable } from './retry.ts';

describe('RetryClock', () => {
  const backOff = (attempt: number) => attempt * 100;

  it('waits what the provider asked, while the total stays within the bound', () => {
    const clock = new RetryClock(backOff, 5000);
    expect(clock.pause(1, 2000)).toBe(2000);
    expect(clock.pause(2, 3000)).toBe(3000);
    // 5 s asked and waited: one more second would pass the bound, so the answer gives up.
    expect(clock.pause(3, 1000)).toBeNull();
  });

  it('uses the back-off when the provider says nothing, without counting it against the bound', () => {
    const clock = new RetryClock(backOff, 1000);
    expect(clock.pause(1, undefined)).toBe(100);
    expect(clock.pause(2, undefined)).toBe(200);
    expect(clock.pause(3, 1000)).toBe(1000);
  });

  it("takes a failed call's Retry-After from its error", () => {
    const clock = new RetryClock(backOff, 10_000);
    expect(clock.pauseFor(1, new ProviderStatus(429, 'slow down', 1500))).toBe(1500);
    expect(clock.pauseFor(2, new ProviderStatus(503, 'busy'))).toBe(200);
    expect(clock.pauseFor(3, new ProviderUnreachable('down'))).toBe(300);
  });
});

describe('retryable', () => {
  it('429, 5xx and unreachable providers; not 400 or 401', () => {
    expect([429, 500, 503].map((s) => retryable(new ProviderStatus(s, '')))).toEqual([true, true, true]);
    expect([400, 401].map((s) => retryable(new ProviderStatus(s, '')))).toEqual([false, false]);
    expect(retryable(new ProviderUnreachable('x'))).toBe(true);
  });
});
