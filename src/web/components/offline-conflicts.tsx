import { useState } from 'react';
import { conflictOf, type Conflict } from '../lib/offline/conflicts';
import { resolveCommand, useOfflineQueue } from '../lib/offline/offline-queue';
import type { QueuedCommand } from '../lib/offline/queue';
import { statusLabel } from '../lib/patient-statuses';
import { Button } from './button';
import { Panel } from './panel';
import { TextField } from './text-field';

type Decide = (decision: { discard: true } | { body: Record<string, unknown>; basedOnVersion?: number }) => void;

/**
 * The changes made offline that the server refused (issue 25): each with what the person did, what stands
 * now, and the choices the domain allows. Nothing leaves the queue without the person choosing it here.
 */
export function OfflineConflicts() {
  const queue = useOfflineQueue();
  const stopped = queue.commands.filter((c) => c.state !== 'pending');
  if (stopped.length === 0) return null;
  return (
    <Panel title="Changes saved offline that need you">
      <ul aria-label="Offline conflicts">
        {stopped.map((command) => (
          <ConflictItem key={command.id} command={command} />
        ))}
      </ul>
    </Panel>
  );
}

function ConflictItem({ command }: { command: QueuedCommand }) {
  const [busy, setBusy] = useState(false);
  const conflict = conflictOf(command);
  const decide: Decide = (decision) => {
    setBusy(true);
    void resolveCommand(command, decision).finally(() => setBusy(false));
  };
  const done = new Date(command.deviceTime).toLocaleString('en-GB');
  return (
    <li aria-label={command.label}>
      <p>
        <strong>{command.label}</strong> (done on this device at {done})
      </p>
      <p role="note">{command.problem?.message}</p>
      <Choices command={command} conflict={conflict} decide={decide} busy={busy} />
    </li>
  );
}

function Choices({
  command,
  conflict,
  decide,
  busy,
}: {
  command: QueuedCommand;
  conflict: Conflict;
  decide: Decide;
  busy: boolean;
}) {
  const discard = (label: string) => (
    <Button variant="secondary" isDisabled={busy} onPress={() => decide({ discard: true })}>
      {label}
    </Button>
  );
  switch (conflict.kind) {
    case 'status': {
      const theirs = conflict.theirs;
      const by = theirs?.changedBy ? ` by ${theirs.changedBy.name}` : '';
      const at = theirs?.changedAt ? ` at ${new Date(theirs.changedAt).toLocaleString('en-GB')}` : '';
      return (
        <>
          <p>
            Yours: {statusLabel(conflict.mine)}. Now: {theirs ? `${statusLabel(theirs.status)}${by}${at}` : 'unknown'}.
          </p>
          {discard('Keep theirs')}
          {theirs ? (
            <Button isDisabled={busy} onPress={() => decide({ body: command.body, basedOnVersion: theirs.version })}>
              Apply mine
            </Button>
          ) : null}
        </>
      );
    }
    case 'duplicate':
      return (
        <>
          <p>Possible matches: {conflict.candidates.map((c) => c.name).join(', ') || 'none listed'}.</p>
          <Button isDisabled={busy} onPress={() => decide({ body: { ...command.body, allowDuplicate: true } })}>
            Register anyway
          </Button>
          {discard('Discard mine')}
        </>
      );
    case 'slot-taken':
      return (
        <SlotChoice command={command} conflict={conflict} decide={decide} busy={busy} discard={discard('Discard')} />
      );
    case 'stale-appointment':
      return discard('Discard (check in again from the appointments page)');
    case 'refused':
      return discard('Dismiss');
    default: {
      const never: never = conflict;
      return never;
    }
  }
}

function SlotChoice(props: {
  command: QueuedCommand;
  conflict: Extract<Conflict, { kind: 'slot-taken' }>;
  decide: Decide;
  busy: boolean;
  discard: React.ReactNode;
}) {
  const [date, setDate] = useState(props.conflict.date);
  const [time, setTime] = useState(props.conflict.time);
  return (
    <>
      <p>
        Yours: {props.conflict.date} {props.conflict.time}, now taken. Pick another time:
      </p>
      <TextField label="Date" type="date" value={date} onChange={setDate} />
      <TextField label="Time" type="time" value={time} onChange={setTime} />
      <Button isDisabled={props.busy} onPress={() => props.decide({ body: { ...props.command.body, date, time } })}>
        Book at this time
      </Button>
      {props.discard}
    </>
  );
}
