import { useState } from 'react';
import { Button } from '../components/button';
import { Modal } from '../components/modal';
import { PageHeading } from '../components/page-heading';
import { Panel } from '../components/panel';
import { ErrorState, LoadingState } from '../components/states';
import { shortDateTime } from '../lib/dates';
import { roleLabel } from '../lib/roles';
import type { SessionUser } from '../lib/session';
import { useRemoteData } from '../lib/use-remote-data';
import { ChangePasswordForm } from './change-password-form';
import { loadSessionUser } from './session-loader';
import styles from './admin-pages.module.css';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

function ProfileFacts({ admin }: { admin: SessionUser }) {
  return (
    <>
      <Panel title="Account">
        <dl className={styles.facts}>
          <Fact label="Name" value={admin.name} />
          <Fact label="Email" value={admin.email} />
          <Fact label="Role" value={roleLabel(admin.role)} />
          <Fact label="Job title" value={admin.jobTitle} />
          <Fact label="Previous sign-in" value={admin.lastLoginAt ? shortDateTime(admin.lastLoginAt) : null} />
        </dl>
      </Panel>
      <Panel title="Hospital">
        {admin.hospital ? (
          <dl className={styles.facts}>
            <Fact label="Hospital" value={admin.hospital.name} />
            <Fact label="Hospital ID" value={admin.hospital.hospitalId} />
            <Fact label="Status" value={capitalise(admin.hospital.status)} />
          </dl>
        ) : (
          <p className={styles.muted}>No hospital is linked to this account yet.</p>
        )}
      </Panel>
    </>
  );
}

/**
 * /admin/profile: the signed-in administrator's own account from GET /api/admin/profile (the
 * answer the session is built from), and Change Password with the same form as the forced modal.
 */
export default function AdminProfilePage() {
  const profile = useRemoteData((signal) => loadSessionUser('admin', signal), 'admin-profile');
  const [changing, setChanging] = useState(false);
  const admin = profile.data;
  return (
    <div className={styles.page}>
      <PageHeading
        title="My Profile"
        actions={admin ? <Button onPress={() => setChanging(true)}>Change Password</Button> : null}
      />
      {profile.status === 'loading' && !admin ? <LoadingState label="Loading profile..." /> : null}
      {profile.status === 'error' && !admin ? (
        <ErrorState message={profile.error.message || 'Failed to load profile'} onRetry={profile.reload} />
      ) : null}
      {admin ? <ProfileFacts admin={admin} /> : null}
      {admin ? (
        <Modal title="Change Password" isOpen={changing} onOpenChange={setChanging}>
          <ChangePasswordForm
            kind="admin"
            user={admin}
            onChanged={() => setChanging(false)}
            secondary={(saving) => (
              <Button variant="secondary" onPress={() => setChanging(false)} isDisabled={saving}>
                Cancel
              </Button>
            )}
          />
        </Modal>
      ) : null}
    </div>
  );
}
