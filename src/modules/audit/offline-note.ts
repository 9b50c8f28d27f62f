/**
 * An entry whose command an offline device queued (issue 25): the device, when the person did it
 * there and when the server accepted it, and the sentence the trail and the history show.
 */
export type OfflineOrigin = { deviceId: string | null; deviceTime: string | null; acceptedAt: string; note: string };

const iso = (t: Date | string) => new Date(t).toISOString();

export function offlineOrigin(row: {
  device_id: string | null;
  device_time: Date | string | null;
  occurred_at: Date | string;
}): OfflineOrigin | null {
  if (!row.device_id && !row.device_time) return null;
  const deviceTime = row.device_time ? iso(row.device_time) : null;
  const acceptedAt = iso(row.occurred_at);
  const device = row.device_id ? ` on device ${row.device_id}` : '';
  const at = deviceTime ? ` at ${deviceTime}` : '';
  return {
    deviceId: row.device_id,
    deviceTime,
    acceptedAt,
    note: `Recorded offline${device}${at}, accepted ${acceptedAt}`,
  };
}
