import { describe, expect, it } from 'vitest';
import { adminAnswer, staffAnswer } from '../app/testing/identity-answers';
import { adminToSessionUser, adminUserSchema, staffToSessionUser, staffUserSchema } from './session-user';

/** The session reads the contract's users leniently: it outlives an answer that differs in a field it can spare. */
describe('the session read from a sign-in or profile answer', () => {
  it('reads the whole answer the server sends', () => {
    const user = staffToSessionUser(staffUserSchema.parse(staffAnswer({ role: 'pharmacist' })));
    expect(user).toMatchObject({ id: 'u-9', name: 'Tunde Bello', role: 'pharmacist', roleId: 5, permissions: [] });
  });

  it('survives a field it does not know, one missing and one of another type', () => {
    const { roleId: _roleId, permissions: _permissions, ...answer } = staffAnswer({ role: 'nurse' });
    const parsed = staffUserSchema.parse({ ...answer, department: 42, badge: 'new-field' });
    expect(parsed).not.toHaveProperty('badge');
    const user = staffToSessionUser(parsed);
    expect(user).toMatchObject({ role: 'nurse', roleId: 2, department: null });
    expect(user.permissions).toBeUndefined();
    const admin = adminToSessionUser(adminUserSchema.parse({ ...adminAnswer(), initials: 7, hospital: 'h-1' }));
    expect(admin).toMatchObject({ initials: 'NO', hospital: null });
  });

  it('refuses an answer without who it is', () => {
    const { email: _email, ...noEmail } = staffAnswer();
    expect(staffUserSchema.safeParse(noEmail).success).toBe(false);
    const { id: _id, ...noId } = adminAnswer();
    expect(adminUserSchema.safeParse(noId).success).toBe(false);
  });
});
