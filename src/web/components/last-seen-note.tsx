import { ageText } from '../lib/offline/last-seen';
import { useNow } from '../lib/use-now';
import { Banner } from './banner';

/** Above a list read from this device offline: how old it is ("as of 10:42, 25 min ago"). */
export function LastSeenNote({ asOf }: { asOf: string | null | undefined }) {
  const now = useNow(30_000);
  if (!asOf) return null;
  return <Banner tone="info">Last list seen on this device, {ageText(asOf, now)}</Banner>;
}
