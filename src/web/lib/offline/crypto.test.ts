import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetOfflineKey,
  offlineKeyFor,
  rewrapOfflineKey,
  seal,
  unlockOfflineKey,
  unseal,
  unlockedUserId,
} from './crypto';

afterEach(() => {
  forgetOfflineKey();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the offline key', () => {
  it("is unwrapped again with the same person's password, and opens what it sealed", async () => {
    await unlockOfflineKey('ada', 'Correct-Horse-1');
    const sealed = await seal((await offlineKeyFor('ada'))!, { kind: 'register-patient', name: 'Ada Obi' });
    expect(JSON.stringify(sealed)).not.toContain('Ada Obi');
    forgetOfflineKey();
    expect(await offlineKeyFor('ada')).toBeNull();

    await unlockOfflineKey('ada', 'Correct-Horse-1');
    expect(await unseal((await offlineKeyFor('ada'))!, sealed)).toEqual({ kind: 'register-patient', name: 'Ada Obi' });
  });

  it('is never stored in the clear on the device, and belongs to one person per tab', async () => {
    await unlockOfflineKey('ada', 'Correct-Horse-1');
    const sessionKey = JSON.parse(sessionStorage.getItem('hms.offline.sessionKey')!) as { key: string };
    expect(JSON.stringify({ ...localStorage })).not.toContain(sessionKey.key);
    expect(unlockedUserId()).toBe('ada');
    expect(await offlineKeyFor('bola')).toBeNull();
  });

  it("does not open another person's work, nor work sealed before a password it cannot unwrap", async () => {
    await unlockOfflineKey('ada', 'Correct-Horse-1');
    const sealed = await seal((await offlineKeyFor('ada'))!, { secret: 1 });
    forgetOfflineKey();
    await unlockOfflineKey('bola', 'Another-Pass-2');
    await expect(unseal((await offlineKeyFor('bola'))!, sealed)).rejects.toThrow();
    forgetOfflineKey();
    await unlockOfflineKey('ada', 'Wrong-Password-3');
    await expect(unseal((await offlineKeyFor('ada'))!, sealed)).rejects.toThrow();
  });
});

describe('a password changed in this tab', () => {
  it('re-wraps the same key, so work sealed before opens with the new password', async () => {
    await unlockOfflineKey('ada', 'Correct-Horse-1');
    const sealed = await seal((await offlineKeyFor('ada'))!, { kept: true });
    await rewrapOfflineKey('ada', 'New-Horse-2');
    forgetOfflineKey();
    await unlockOfflineKey('ada', 'New-Horse-2');
    expect(await unseal((await offlineKeyFor('ada'))!, sealed)).toEqual({ kept: true });
  });
});
