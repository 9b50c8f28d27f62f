import { ProfilePage } from './profile-page';

/** /admin/profile: the signed-in administrator's own account (GET /api/admin/profile) and Change Password. */
export default function AdminProfilePage() {
  return <ProfilePage kind="admin" />;
}
