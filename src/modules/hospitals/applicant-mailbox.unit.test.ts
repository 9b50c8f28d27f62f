import { describe, expect, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import {
  applicantMailboxDecider,
  applicantMailboxStream,
  CodeRefused,
  decoyOpen,
  MailThrottled,
  mailWaitSeconds,
  type ApplicantMailboxState,
} from './applicant-mailbox';
import type { ApplicantMailboxEvent } from './events';

const T0 = '2025-03-01T09:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const EMAIL = 'ada@stluke.ng';
const opened = (registrationId: string, minutes = 0): ApplicantMailboxEvent => ({
  type: 'ApplicantRegistrationOpened',
  data: { email: EMAIL, registrationId, expiresAt: at(minutes + 30) },
});
const mailed = (minutes: number): ApplicantMailboxEvent => ({
  type: 'ApplicantMailSent',
  data: { email: EMAIL, kind: 'verification', registrationId: 'r-1', at: at(minutes) },
});
const open = (registrationId: string, minutes: number) =>
  ({ type: 'OpenRegistration', email: EMAIL, registrationId, now: at(minutes) }) as const;
const mail = (minutes: number) =>
  ({ type: 'RecordMail', email: EMAIL, kind: 'account-exists', registrationId: null, now: at(minutes) }) as const;

describe('the applicant mailbox', () => {
  it('opens a registration for a fresh address, holding it for 30 minutes', () => {
    given(applicantMailboxDecider)
      .when(open('r-1', 0))
      .then([opened('r-1')]);
  });

  it('opens a second registration of its own while the first is pending (issue 33: none holds the address)', () => {
    given(applicantMailboxDecider, [opened('r-1'), mailed(0)])
      .when(open('r-2', 0.01))
      .then([opened('r-2', 0.01)]);
  });

  it("mails a new registration's code within the minute, but not past the hourly limit", () => {
    const first = {
      type: 'RecordMail',
      email: EMAIL,
      kind: 'verification',
      registrationId: 'r-2',
      interval: false,
    } as const;
    given(applicantMailboxDecider, [mailed(0)])
      .when({ ...first, now: at(0.01) } as const)
      .then([
        {
          type: 'ApplicantMailSent',
          data: { email: EMAIL, kind: 'verification', registrationId: 'r-2', at: at(0.01) },
        },
      ]);
    given(applicantMailboxDecider, [mailed(0), mailed(1), mailed(2), mailed(3), mailed(4)])
      .when({ ...first, now: at(5) } as const)
      .thenThrows(MailThrottled);
  });

  it('sends at most one mail a minute, saying how long to wait', () => {
    given(applicantMailboxDecider, [mailed(0)])
      .when(mail(0.5))
      .thenThrows(MailThrottled);
    expect(mailWaitSeconds(fold([mailed(0)]), at(0.5))).toBe(30);
    given(applicantMailboxDecider, [mailed(0)])
      .when(mail(1))
      .then([
        { type: 'ApplicantMailSent', data: { email: EMAIL, kind: 'account-exists', registrationId: null, at: at(1) } },
      ]);
  });

  it('sends at most five mails an hour', () => {
    const five = [mailed(0), mailed(1), mailed(2), mailed(3), mailed(4)];
    given(applicantMailboxDecider, five).when(mail(30)).thenThrows(MailThrottled);
    expect(mailWaitSeconds(fold(five), at(30))).toBe(30 * 60);
    expect(mailWaitSeconds(fold(five), at(60))).toBe(0);
    // Only the last five are kept: the state stays small however long the history.
    expect(fold([mailed(-100), ...five]).sent).toEqual(five.map((e) => (e.data as { at: string }).at));
  });

  describe('an address with an account, as the verify screen sees it', () => {
    const notice = (minutes: number): ApplicantMailboxEvent => ({
      type: 'ApplicantMailSent',
      data: { email: EMAIL, kind: 'account-exists', registrationId: 'd-1', at: at(minutes) },
    });
    const failed = (n: number, minutes: number, source = '10.0.0.1'): ApplicantMailboxEvent => ({
      type: 'ApplicantVerificationFailed',
      data: { email: EMAIL, failedAttempts: n, at: at(minutes), source },
    });
    const guess = (minutes: number, source = '10.0.0.1', decoyId = 'd-1') =>
      ({ type: 'FailVerification', email: EMAIL, decoyId, source, now: at(minutes) }) as const;
    const refusal = (history: ApplicantMailboxEvent[], minutes: number, source?: string, decoyId?: string) => {
      try {
        applicantMailboxDecider.decide(guess(minutes, source, decoyId), fold(history));
        return null;
      } catch (e) {
        return e instanceof CodeRefused ? e.reason : e;
      }
    };

    it('counts a wrong code against the notice as against a code', () => {
      given(applicantMailboxDecider, [notice(0)])
        .when(guess(1))
        .then([failed(1, 1)]);
      given(applicantMailboxDecider, [notice(0), failed(1, 1), failed(2, 2)])
        .when(guess(3))
        .then([failed(3, 3)]);
    });

    it('refuses as invalid with no notice, too many after five, expired after 15 minutes', () => {
      expect(refusal([], 0)).toBe('invalid');
      // A verification code sent to the address is not a notice: its registration answers.
      expect(refusal([mailed(0)], 1)).toBe('invalid');
      const five = [1, 2, 3, 4, 5].map((n) => failed(n, n));
      expect(refusal([notice(0), ...five], 6)).toBe('too-many');
      expect(refusal([notice(0)], 14.9)).toBeNull();
      expect(refusal([notice(0)], 15)).toBe('expired');
    });

    it('counts per client address, ten from all addresses at most, and only for the browser the notice was bound to', () => {
      const five = [1, 2, 3, 4, 5].map((n) => failed(n, n));
      expect(refusal([notice(0), ...five], 6, '10.0.0.2')).toBeNull();
      const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => failed(n, 1, `10.0.0.${n}`));
      expect(refusal([notice(0), ...ten], 6, '10.0.0.11')).toBe('too-many');
      expect(refusal([notice(0)], 1, '10.0.0.1', 'another-browser')).toBe('invalid');
    });

    it('starts afresh with another notice, within the 30 minutes the first opened', () => {
      const five = [1, 2, 3, 4, 5].map((n) => failed(n, n));
      expect(refusal([notice(0), ...five, notice(20)], 21)).toBeNull();
      // A registration would have expired 30 minutes after it opened, whatever its last code.
      expect(refusal([notice(0), notice(20)], 30)).toBe('expired');
      expect(decoyOpen(fold([notice(0), notice(20)]), at(29))).toBe(true);
      expect(decoyOpen(fold([notice(0), notice(20)]), at(30))).toBe(false);
      // After that, a notice opens a new one.
      expect(refusal([notice(0), notice(31)], 40)).toBeNull();
    });
  });

  it('names the stream by a hash of the normalised address, not the address', () => {
    expect(applicantMailboxStream(' Ada@StLuke.ng ')).toBe(applicantMailboxStream(EMAIL));
    expect(applicantMailboxStream(EMAIL)).toMatch(/^applicant-mailbox-[0-9a-f]{40}$/);
  });
});

function fold(events: ApplicantMailboxEvent[]): ApplicantMailboxState {
  return events.reduce(applicantMailboxDecider.evolve, applicantMailboxDecider.initialState());
}
