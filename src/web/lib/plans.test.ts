import { describe, expect, it } from 'vitest';
import { formatNaira, planLimitMessage, seatLimitReached, seatsLine, type PlanUsage } from './plans';

const clinic = (usedSeats: number): PlanUsage => ({ code: 'clinic', name: 'Clinic', maxUsers: 7, usedSeats });
const hospital = (usedSeats: number): PlanUsage => ({ code: 'hospital', name: 'Hospital', maxUsers: null, usedSeats });

describe('plan seats', () => {
  it('counts the seats of a limited plan, the admin included', () => {
    expect(seatsLine(clinic(1))).toBe('1 of 7 seats used (including you)');
    expect(seatsLine(clinic(7))).toBe('7 of 7 seats used (including you)');
  });

  it('counts the users of an unlimited plan', () => {
    expect(seatsLine(hospital(1))).toBe('1 user (Hospital plan, unlimited)');
    expect(seatsLine(hospital(23))).toBe('23 users (Hospital plan, unlimited)');
  });

  it('is full when every seat is used, never on an unlimited plan', () => {
    expect(seatLimitReached(clinic(6))).toBe(false);
    expect(seatLimitReached(clinic(7))).toBe(true);
    // A downgrade may leave more accounts than seats.
    expect(seatLimitReached(clinic(9))).toBe(true);
    expect(seatLimitReached(hospital(500))).toBe(false);
  });

  it('says what the server says when the plan is full, and prices the Hospital plan in naira', () => {
    expect(planLimitMessage(clinic(7))).toBe(
      'The Clinic plan allows up to 7 users. Upgrade to the Hospital plan to add more.',
    );
    expect(formatNaira(5999)).toBe('₦5,999');
  });
});
