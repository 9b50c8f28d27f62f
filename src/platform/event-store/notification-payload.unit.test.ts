import { describe, expect, it } from 'vitest';
import { notificationPayload, readNotification } from './postgres-event-store';

describe("the append notification's payload", () => {
  it('names the sender and the types appended', () => {
    const payload = notificationPayload('s-1', new Set(['RecordAccessed', 'PatientRegistered']));
    expect(payload).toBe('s-1 RecordAccessed,PatientRegistered');
    expect(readNotification(payload)).toEqual({ sender: 's-1', types: ['RecordAccessed', 'PatientRegistered'] });
  });

  it('names the sender alone when any type may be new, or when the types would not fit', () => {
    expect(readNotification(notificationPayload('s-1', null))).toEqual({ sender: 's-1', types: undefined });
    const many = new Set(Array.from({ length: 500 }, (_, i) => `SomethingHappenedNumber${i}`));
    expect(readNotification(notificationPayload('s-1', many))).toEqual({ sender: 's-1', types: undefined });
  });

  it("reads an earlier server's empty payload as anyone's, any type", () => {
    expect(readNotification('')).toEqual({ sender: '', types: undefined });
    expect(readNotification(undefined)).toEqual({ sender: '', types: undefined });
  });
});
