import { useOfflineQueue } from '../lib/offline/offline-queue';
import { Banner } from './banner';

export const OFFLINE_MESSAGE = 'Offline — changes are saved on this device and sent when the connection returns';

const changes = (n: number) => `${n} pending change${n === 1 ? '' : 's'}`;

/** Across the top of every signed-in page (issue 25): offline, and how much waits on this device. */
export function OfflineBanner() {
  const queue = useOfflineQueue();
  const stopped = queue.commands.filter((c) => c.state !== 'pending').length;
  const waiting = queue.count - stopped;
  if (!queue.online) {
    return (
      <Banner tone="warning">
        {OFFLINE_MESSAGE} · <span data-testid="pending-count">{changes(queue.count)}</span>
      </Banner>
    );
  }
  if (waiting > 0) {
    return (
      <Banner tone="info">
        {queue.syncing ? 'Sending changes saved on this device' : 'Changes saved on this device wait to be sent'} ·{' '}
        <span data-testid="pending-count">{changes(waiting)}</span>
      </Banner>
    );
  }
  return null;
}
