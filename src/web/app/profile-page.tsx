import { useState } from 'react';
import { Button } from '../components/button';
import { Modal } from '../components/modal';
import { PageHeading } from '../components/page-heading';
import { Panel } from '../components/panel';
import { ErrorState, LoadingState } from '../components/states';
import { shortDateTime } from '../lib/dates';
import { roleLabel } from '../lib/roles';
import type { SessionUser } from '../lib/session';
import type { SessionKind } from '../lib/session-storage';
import { useRemoteData } from '../lib/use-remote-data';
import { ChangePasswordForm } from './change-password-form';
import { loadSessionUser } from './session-loader';
import styles from './admin-pages.module.css';
import { useHospitalTimeZone } from '../lib/hospital-time';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

function ProfileFacts({ kind, user }: { kind: SessionKind; user: SessionUser }) {
  const timeZone = useHospitalTimeZone();
  return (
    <>
      <Panel title="Account">
        <dl className={styles.facts}>
          <Fact label="Name" value={user.name} />
          <Fact label="Email" value={user.email} />
          <Fact label="Role" value={roleLabel(user.role)} />
          {kind === 'admin' ? (
            <Fact label="Job title" value={user.jobTitle} />
          ) : (
            <>
              <Fact label="Employee ID" value={user.employeeId} />
              <Fact label="Department" value={user.department} />
            </>
          )}
          {/* The sign-in before this session's, from identity's record: what a person checks for misuse. */}
          <Fact label="Previous sign-in" value={user.lastLoginAt ? shortDateTime(user.lastLoginAt, timeZone) : null} />
        </dl>
      </Panel>
      <Panel title="Hospital">
        {user.hospital ? (
          <dl className={styles.facts}>
            <Fact label="Hospital" value={user.hospital.name} />
            <Fact label="Hospital ID" value={user.hospital.hospitalId} />
            <Fact label="Status" value={capitalise(user.hospital.status)} />
          </dl>
        ) : (
          <p className={styles.muted}>No hospital is linked to this account yet.</p>
        )}
      </Panel>
    </>
  );
}

/**
 * The signed-in person's own account, read fresh from the answer the session is built from
 * (admin: GET /api/admin/profile; staff: GET /api/auth/me), and Change Password with the same
 * form as the forced first-login modal.
 */
export function ProfilePage({ kind }: { kind: SessionKind }) {
  const profile = useRemoteData((signal) => loadSessionUser(kind, signal), `${kind}-profile`);
  const [changing, setChanging] = useState(false);
  const user = profile.data;
  return (
    <div className={styles.page}>
      <PageHeading
        title="My Profile"
        actions={user ? <Button onPress={() => setChanging(true)}>Change Password</Button> : null}
      />
      {profile.status === 'loading' && !user ? <LoadingState label="Loading profile..." /> : null}
      {profile.status === 'error' && !user ? (
        <ErrorState message={profile.error.message || 'Failed to load profile'} onRetry={profile.reload} />
      ) : null}
      {user ? <ProfileFacts kind={kind} user={user} /> : null}
      {user ? (
        <Modal title="Change Password" isOpen={changing} onOpenChange={setChanging}>
          <ChangePasswordForm
            kind={kind}
            user={user}
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
