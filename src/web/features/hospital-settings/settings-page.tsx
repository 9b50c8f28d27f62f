import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { FlashBanner, useFlash } from '../../components/banner';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { ErrorState, LoadingState } from '../../components/states';
import { TextField } from '../../components/text-field';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { ApiError } from '../../lib/api-client';
import { hospitalSettingsAtom, loadHospitalSettings, recentHospitalSettings } from '../../lib/hospital-settings';
import { fetchPlan, requestHospitalPlan } from '../../lib/plan-api';
import { formatNaira, HOSPITAL_MONTHLY_NAIRA, seatsLine } from '../../lib/plans';
import { sessionAtom, signedInUserAtom, type SessionState } from '../../lib/session';
import { useRemoteData } from '../../lib/use-remote-data';
import { formOf, readAsDataUrl, saveSettings, type SettingsForm } from './api/settings-api';
import styles from './settings-page.module.css';
import { DEFAULT_TIME_ZONE } from '../../../shared/hospital-calendar';

const FIELDS: { key: keyof SettingsForm; label: string; description?: string }[] = [
  { key: 'name', label: 'Hospital name' },
  { key: 'email', label: 'Hospital email' },
  { key: 'phone', label: 'Phone number' },
  { key: 'address', label: 'Address' },
  { key: 'registrationNumber', label: 'Official Registration Number', description: 'RGN/[STATE]/[YEAR]/[7 digits]' },
  { key: 'licenseNumber', label: 'Facility License', description: 'HEFAMAA/[STATE]/[YEAR]/CLI/[6 digits]' },
  { key: 'hospitalNumber', label: 'Hospital Number', description: 'DVC/[YEAR]/[6 digits]' },
  { key: 'timeZone', label: 'Time zone', description: `e.g. ${DEFAULT_TIME_ZONE}` },
  { key: 'opensAt', label: 'Opens at', description: 'HH:MM; appointments are booked within opening hours' },
  { key: 'closesAt', label: 'Closes at', description: 'HH:MM (24:00 for midnight)' },
  {
    key: 'idleTimeoutMinutes',
    label: 'Idle time-out (minutes)',
    description: 'Staff are signed out after 5 to 60 idle minutes',
  },
  { key: 'defaultConsultationFee', label: 'Default consultation fee (₦)' },
];

/** The sidebar shows the session's copy of the hospital's name: a saved new name replaces it at once. */
function renamed(session: SessionState, name: string): SessionState {
  if (session.status !== 'signed-in' || !session.user.hospital || session.user.hospital.name === name) return session;
  return { ...session, user: { ...session.user, hospital: { ...session.user.hospital, name } } };
}

/** /admin/settings (issue 13): the hospital's profile, logo, time zone, idle time-out, fee and plan. */
export default function SettingsPage() {
  const store = useStore();
  // The shell's copy when it read it on this load: one GET a load (see recentHospitalSettings).
  const remote = useRemoteData(() => {
    const recent = recentHospitalSettings(store.get(hospitalSettingsAtom), store.get(signedInUserAtom)?.id);
    return recent ? Promise.resolve(recent) : loadHospitalSettings();
  }, 'hospital-settings');
  const plan = useRemoteData(fetchPlan, 'plan');
  const user = useAtomValue(signedInUserAtom);
  const setShared = useSetAtom(hospitalSettingsAtom);
  const setSession = useSetAtom(sessionAtom);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { flash, show, clear } = useFlash();

  if (!remote.data && remote.status === 'error')
    return <ErrorState message={remote.error.message} onRetry={remote.reload} />;
  if (!remote.data) return <LoadingState label="Loading settings..." />;
  const saved = formOf(remote.data);
  const current = form ?? saved;
  const dirty = JSON.stringify(current) !== JSON.stringify(saved);
  const set = (key: keyof SettingsForm, value: string | null) => {
    setForm({ ...current, [key]: value });
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  async function save() {
    setBusy(true);
    try {
      const result = await saveSettings(current);
      setForm(null);
      setErrors({});
      // Shared first: the refresh then takes the saved answer (the server's own) without a GET.
      if (user) setShared({ userId: user.id, settings: result.settings, at: Date.now() });
      remote.refresh();
      setSession((s) => renamed(s, result.settings.name));
      show('success', result.message);
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      setErrors(Object.fromEntries((err?.errors ?? []).map((f) => [f.field, f.message])));
      show('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function upgrade() {
    try {
      show('success', (await requestHospitalPlan()).message);
      plan.reload();
    } catch (e) {
      show('error', e instanceof Error ? e.message : String(e));
    }
  }

  async function chooseLogo(file: File | undefined) {
    if (file) set('logo', await readAsDataUrl(file));
  }

  return (
    <section className={styles.page} aria-labelledby="settings-title">
      <PageHeading
        title="Settings"
        actions={
          <Button isDisabled={!dirty || busy} onPress={() => void save()}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        }
      />
      <FlashBanner flash={flash} onDismiss={clear} />
      <Panel title="Hospital profile">
        <div className={styles.grid}>
          {FIELDS.map((f) => (
            <TextField
              key={f.key}
              label={f.label}
              description={f.description}
              value={String(current[f.key] ?? '')}
              onChange={(v) => set(f.key, v)}
              error={errors[f.key]}
            />
          ))}
        </div>
      </Panel>
      <Panel title="Logo">
        <div className={styles.logo}>
          {current.logo ? (
            <img src={current.logo} alt="Hospital logo" className={styles.logoImage} />
          ) : (
            <p>No logo yet.</p>
          )}
          <label className={styles.file}>
            Choose a logo (PNG, JPEG or WebP, up to 64 KB)
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => void chooseLogo(e.target.files?.[0])}
            />
          </label>
          {current.logo ? (
            <Button variant="secondary" onPress={() => set('logo', null)}>
              Remove logo
            </Button>
          ) : null}
          {errors.logo ? <p className={styles.error}>{errors.logo}</p> : null}
        </div>
      </Panel>
      <Panel title="Plan">
        {plan.data ? (
          <div className={styles.plan}>
            <p>
              <strong>{plan.data.name} plan</strong>: {seatsLine(plan.data)}
            </p>
            {plan.data.code === 'clinic' ? (
              <Button onPress={() => void upgrade()}>
                Upgrade to Hospital ({formatNaira(HOSPITAL_MONTHLY_NAIRA)}/month)
              </Button>
            ) : null}
          </div>
        ) : plan.status === 'error' ? (
          <ErrorState message="Failed to load the plan" onRetry={plan.reload} />
        ) : (
          <LoadingState label="Loading plan..." />
        )}
      </Panel>
      <UnsavedChangesGuard when={dirty} />
    </section>
  );
}
