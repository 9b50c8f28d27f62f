import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { QueuedCommand } from '../../lib/offline/queue';
import { PatientsTable } from './components/patients-table';
import { ageOn, waitingRegistrations } from './waiting-registrations';

const now = new Date('2026-11-27T10:00:00Z');

function registration(seq: number, firstName: string, extra: Partial<QueuedCommand> = {}): QueuedCommand {
  return {
    id: `cmd-${seq}`,
    userId: 'u-1',
    hospitalId: 'h-1',
    kind: 'register-patient',
    method: 'POST',
    route: 'patients',
    body: {
      id: `00000000-0000-4000-8000-00000000000${seq}`,
      firstName,
      lastName: 'Okafor',
      dateOfBirth: '1990-11-28',
      gender: 'Female',
      phoneNumber: '+234 809 123 4567',
      identificationNumber: `PAT${seq}`,
    },
    label: `Register ${firstName} Okafor`,
    deviceTime: '2026-11-27T09:58:00.000Z',
    createdAt: '2026-11-27T09:58:00.000Z',
    seq,
    state: 'pending',
    ...extra,
  };
}

describe('registrations waiting to send', () => {
  it('lists the pending ones newest first, leaving out what the list already holds and what was refused', () => {
    const commands = [
      registration(1, 'Ada'),
      registration(2, 'Bola'),
      registration(3, 'Chidi', { state: 'rejected' }),
      registration(4, 'Dayo', { kind: 'record-vitals' }),
      registration(5, 'Emeka'),
    ];
    const rows = waitingRegistrations(commands, ['00000000-0000-4000-8000-000000000002'], now);
    expect(rows.map((r) => r.name)).toEqual(['Emeka Okafor', 'Ada Okafor']);
    expect(rows[0]).toMatchObject({ age: 35, gender: 'Female', contact: '+234 809 123 4567', waitingToSend: true });
  });

  it('counts an age in whole years, the day before a birthday included', () => {
    expect(ageOn('1990-11-28', now)).toBe(35);
    expect(ageOn('1990-11-27', now)).toBe(36);
    expect(ageOn('not a date', now)).toBeNull();
  });

  it('shows a waiting registration in the patients table, marked "Waiting to send", with nothing to open yet', () => {
    const [waiting] = waitingRegistrations([registration(1, 'Ada')], [], now);
    const onDelete = vi.fn();
    render(
      <MemoryRouter>
        <PatientsTable
          patients={[waiting!]}
          isLoading={false}
          error={null}
          onRetry={vi.fn()}
          emptyTitle="No patients registered yet"
          canManage
          onDelete={onDelete}
        />
      </MemoryRouter>,
    );
    const row = screen.getByRole('row', { name: /Ada Okafor/ });
    expect(within(row).getByText('Waiting to send')).toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
