import { ProfilePage } from './profile-page';

/**
 * /user/profile (issue 24): every staff member's own account from GET /api/auth/me (name, role,
 * hospital, e-mail, previous sign-in) and Change Password, not only in the forced first-login dialog.
 */
export default function UserProfilePage() {
  return <ProfilePage kind="user" />;
}
