import { describe, expect, it } from 'vitest';
import type { ServerMessage } from './client';
import { toNotification, toastFor } from './messages';

const now = new Date('2026-03-01T10:00:00Z');
const msg = (type: string, data: Record<string, unknown> = {}): ServerMessage => ({
  type,
  data: { notify: true, message: `${type} happened`, ...data },
  timestamp: '2026-03-01T09:59:00.000Z',
});

describe('messages to notifications and toasts', () => {
  it('puts only notify: true messages in the bell, with the server’s id, title and priority', () => {
    expect(toNotification(msg('patient_status_changed', { notify: false }), now)).toBeNull();
    expect(
      toNotification(
        msg('patient_status_changed', { notificationId: '42', title: 'Patient Status Changed', priority: 'high' }),
        now,
      ),
    ).toEqual({
      id: '42',
      type: 'patient_status_changed',
      title: 'Patient Status Changed',
      message: 'patient_status_changed happened',
      timestamp: '2026-03-01T09:59:00.000Z',
      priority: 'high',
      data: expect.any(Object),
      read: false,
    });
    const announcement = toNotification(
      {
        type: 'hospital_announcement',
        data: { notify: true, announcement: { message: 'Drill at noon' } },
        timestamp: '',
      },
      now,
    );
    expect(announcement).toMatchObject({
      title: 'Hospital Announcement',
      message: 'Drill at noon',
      priority: 'normal',
    });
  });

  it.each([
    ['NEW_PRESCRIPTION', 6000],
    ['NEW_LAB_ORDER', 6000],
    ['PRESCRIPTION_DISPENSED', 4000],
    ['LAB_RESULTS_READY', 6000],
    ['patient_created', 5000],
    ['patient_updated', 4000],
    ['patient_status_changed', 6000],
    ['user_created', 5000],
    ['user_updated', 4000],
    ['user_status_changed', 5000],
    ['user_deleted', 5000],
    ['profile_updated', 3000],
    ['hospital_announcement', 8000],
    ['patient_vitals_updated', 5000],
  ])('shows a %s toast for %i ms (product-spec-1 §9)', (type, ms) => {
    expect(toastFor(msg(type))?.autoClose).toBe(ms);
  });

  it('times system notifications by priority and keeps urgent alerts and deactivation until closed', () => {
    expect(toastFor(msg('system_notification', { priority: 'high' }))?.autoClose).toBe(8000);
    expect(toastFor(msg('system_notification', { priority: 'low' }))?.autoClose).toBe(5000);
    expect(toastFor(msg('system_alert', { message: undefined, alert: 'Power failure', urgent: true }))).toEqual({
      text: 'URGENT: Power failure',
      kind: 'error',
      autoClose: false,
    });
    expect(toastFor(msg('system_alert', { message: undefined, alert: 'Low disk', urgent: false }))?.autoClose).toBe(
      8000,
    );
    expect(
      toastFor({ type: 'account_deactivated', data: { message: 'Contact your administrator.' }, timestamp: '' }),
    ).toEqual({
      text: 'Account deactivated: Contact your administrator.',
      kind: 'error',
      autoClose: false,
    });
  });

  it('keeps the server’s URGENT: prefix and shows urgent ones as errors', () => {
    const t = toastFor(msg('NEW_LAB_ORDER', { message: 'URGENT: New lab order for Ada Obi', priority: 'urgent' }));
    expect(t).toEqual({ text: 'URGENT: New lab order for Ada Obi', kind: 'error', autoClose: 6000 });
  });

  it('shows no toast for a message that does not notify this role', () => {
    expect(toastFor(msg('patient_status_changed', { notify: false }))).toBeNull();
  });

  it('shows no toast to the person whose own action caused the message, and still one to everyone else', () => {
    const created = msg('patient_created', { actorId: 'user-1' });
    expect(toastFor(created, 'user-1')).toBeNull();
    expect(toastFor(created, 'user-2')).toEqual({ text: 'patient_created happened', kind: 'info', autoClose: 5000 });
    // The bell still lists it for its author.
    expect(toNotification(created, now)).not.toBeNull();
  });

  it('shows a routine status change as information, not a warning, whatever its priority', () => {
    expect(toastFor(msg('patient_status_changed', { priority: 'high' }))?.kind).toBe('info');
    expect(toastFor(msg('NEW_LAB_ORDER', { priority: 'high' }))?.kind).toBe('warning');
  });
});
