import type { Db } from '../../../platform/db/database';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import type { HospitalRegistered } from '../../hospitals';
import type { HospitalPlanChanged } from '../events';
import { parsePlan, type PlanCode } from '../plans';

declare module '../../../platform/db/database' {
  interface Database {
    staff_hospital_plans: { hospital_id: string; plan: string; updated_at: Date | string };
  }
}

export const STAFF_HOSPITAL_PLANS = 'staff-hospital-plans';

async function upsert(trx: Trx, event: RecordedEvent, hospitalId: string, plan: PlanCode) {
  await trx
    .insertInto('staff_hospital_plans')
    .values({ hospital_id: hospitalId, plan, updated_at: event.metadata.occurredAt })
    .onConflict((oc) => oc.column('hospital_id').doUpdateSet({ plan, updated_at: event.metadata.occurredAt }))
    .execute();
}

export const hospitalPlansProjection = defineProjection<HospitalRegistered | HospitalPlanChanged>({
  name: STAFF_HOSPITAL_PLANS,
  handlers: {
    HospitalRegistered: async (trx, event) => upsert(trx, event, event.data.hospitalId, parsePlan(event.data.plan)),
    HospitalPlanChanged: async (trx, event) => upsert(trx, event, event.data.hospitalId, event.data.plan),
  },
  reset: (trx) => emptyTables(trx, ['staff_hospital_plans']),
});

/** The plan the hospital is on as far as the read model knows; the Clinic plan when it knows nothing yet. */
export async function registeredPlan(db: Db, hospitalId: string): Promise<PlanCode> {
  const row = await db
    .selectFrom('staff_hospital_plans')
    .select('plan')
    .where('hospital_id', '=', hospitalId)
    .executeTakeFirst();
  return parsePlan(row?.plan);
}
