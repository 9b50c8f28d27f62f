import { describe, expect, it } from 'vitest';
import { resendWaitMessage, secondsLeft } from './resend-cooldown';

describe('resend cooldown', () => {
  it('rounds the time left up to whole seconds and never goes below zero', () => {
    expect(secondsLeft(null, 1_000)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 500)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 61_000)).toBe(0);
  });

  it('words the wait as the server does, in the singular for one second', () => {
    expect(resendWaitMessage(59)).toBe('Please wait 59 seconds before requesting a new code');
    expect(resendWaitMessage(1)).toBe('Please wait 1 second before requesting a new code');
  });
});
