import { userStatsEndpoint } from '../../shared/api/users';
import { fetchData } from './endpoint-client';
import type { z } from './zod';

export type UserStats = z.output<typeof userStatsEndpoint.data>;

/**
 * GET /api/users/stats: staff counts and the plan's seats. The one client of this endpoint: the users page
 * and the settings page read the plan from it, the admin's dashboard the count too.
 */
export function fetchUserStats(signal?: AbortSignal): Promise<UserStats> {
  return fetchData(userStatsEndpoint, { signal });
}
