import type { Db } from '../../../platform/db/database';
import { defineProjection, emptyTables } from '../../../platform/projections/projection';
import { normaliseMatrix, type AccessMatrix } from '../../../shared/access-matrix';
import type { AccessControlEvent } from '../events';

declare module '../../../platform/db/database' {
  interface Database {
    access_matrix: {
      hospital_id: string;
      matrix: AccessMatrix;
      /** Events in the hospital's matrix stream: what a client pins to save over what it saw. */
      version: number;
      updated_at: Date | string;
      updated_by: string;
    };
  }
}

/**
 * The matrix every request of the hospital is checked against: inline, so the change is in the
 * table when the save answers. A replayed or older event (its version not above the row's) is skipped.
 */
export const accessMatrixProjection = defineProjection<AccessControlEvent>({
  name: 'access-matrix',
  inline: true,
  handlers: {
    AccessMatrixChanged: async (trx, event) => {
      const row = {
        hospital_id: event.data.hospitalId,
        matrix: JSON.stringify(normaliseMatrix(event.data.matrix)) as unknown as AccessMatrix,
        version: Number(event.revision) + 1,
        updated_at: event.metadata.occurredAt,
        updated_by: event.metadata.actor.name,
      };
      await trx
        .insertInto('access_matrix')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('hospital_id')
            .doUpdateSet({
              matrix: row.matrix,
              version: row.version,
              updated_at: row.updated_at,
              updated_by: row.updated_by,
            })
            .where('access_matrix.version', '<', row.version),
        )
        .execute();
    },
  },
  reset: (trx) => emptyTables(trx, ['access_matrix']),
});

export type StoredMatrix = {
  matrix: AccessMatrix;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
};

/** The hospital's matrix; the defaults (version 0) when its administrator never saved one. */
export async function storedMatrix(db: Db, hospitalId: string): Promise<StoredMatrix> {
  const row = await db.selectFrom('access_matrix').selectAll().where('hospital_id', '=', hospitalId).executeTakeFirst();
  if (!row) return { matrix: normaliseMatrix({}), version: 0, updatedAt: null, updatedBy: null };
  return {
    matrix: normaliseMatrix(row.matrix),
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}
