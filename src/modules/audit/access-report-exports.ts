import { randomUUID } from 'node:crypto';
import { sql, type Generated } from 'kysely';
import type { Logger } from '../../platform/logger';
import type { Platform } from '../../platform/platform';
import { accessReportCsv } from './access-report-csv';
import { trailCaughtUp } from './caught-up';
import { accessReportRows, type AccessReportQuery } from './read-models/access-report';

declare module '../../platform/db/database' {
  interface Database {
    /**
     * Access reports prepared in the background, an hour each (migration 0040): a cache the app
     * updates and purges (migration 0043 moved it out of the audit tables).
     */
    access_report_files: {
      id: string;
      hospital_id: string;
      requested_by: string;
      status: ExportStatus;
      row_count: number | null;
      patient_ids: string[] | null;
      csv: string | null;
      requested_at: Generated<Date>;
      finished_at: Date | null;
    };
    /** Who asked for an access report and when, one row per request: append-only (migration 0043). */
    audit_report_exports: { id: string; hospital_id: string; requested_by: string; requested_at: Generated<Date> };
  }
}

/**
 * The access report as a file prepared in the background (issue 23, item 5). A busy hour's report
 * groups some 28,000 touches into 17,000 person–patient pairs and writes 10,000 rows: 100 ms of a
 * quiet machine's time, 300 under a day's load, too much for one request among 200 people's. The
 * person asks for it, the server prepares it (one report at a time per server, so a row of
 * requests cannot take every connection), and the browser downloads it when it is ready.
 *
 * Only the person who asked may read it, only their latest, and only for an hour; the download is the read that
 * shows the patients, and it is recorded with them like any other. A server that stops while
 * preparing leaves the request "preparing": after ten minutes it is reported as failed.
 */
export type ExportStatus = 'preparing' | 'ready' | 'failed';
export type AccessReportExport = {
  id: string;
  status: ExportStatus;
  rows: number | null;
  requestedAt: string;
  finishedAt: string | null;
};
export type Requester = { hospitalId: string; userId: string };

export const EXPORT_KEPT_MINUTES = 60;
const INTERRUPTED_AFTER_MINUTES = 10;
export const EXPORT_FAILED = 'The access report could not be prepared. Please try again.';

const columns = ['id', 'status', 'row_count', 'requested_at', 'finished_at'] as const;
type Row = { id: string; status: ExportStatus; row_count: number | null; requested_at: Date; finished_at: Date | null };

function shown(row: Row, now = Date.now()): AccessReportExport {
  const interrupted =
    row.status === 'preparing' && now - row.requested_at.getTime() > INTERRUPTED_AFTER_MINUTES * 60_000;
  return {
    id: row.id,
    status: interrupted ? 'failed' : row.status,
    rows: row.row_count,
    requestedAt: row.requested_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

export class AccessReportExports {
  /** The reports being prepared by this server, one after another. */
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly platform: Platform,
    private readonly log: Logger,
  ) {}

  private get db() {
    return this.platform.db;
  }

  /**
   * Asks for a report. A request of the same person still being prepared is answered instead of a
   * second one: pressing the button twice prepares one file.
   */
  async request(who: Requester, query: AccessReportQuery): Promise<AccessReportExport> {
    const busy = await this.db
      .selectFrom('access_report_files')
      .select(columns)
      .where('hospital_id', '=', who.hospitalId)
      .where('requested_by', '=', who.userId)
      .where('status', '=', 'preparing')
      .where('requested_at', '>', sql<Date>`now() - make_interval(mins => ${INTERRUPTED_AFTER_MINUTES})`)
      .orderBy('requested_at', 'desc')
      .executeTakeFirst();
    if (busy) return shown(busy);
    // Rows past their hour, of any hospital, so patient names do not linger in prepared files; and
    // this person's earlier files: they need their latest only, so the table holds one per person.
    await this.db
      .deleteFrom('access_report_files')
      .where((eb) =>
        eb.or([
          eb('requested_at', '<', sql<Date>`now() - make_interval(mins => ${EXPORT_KEPT_MINUTES})`),
          eb.and([
            eb('hospital_id', '=', who.hospitalId),
            eb('requested_by', '=', who.userId),
            eb('status', '<>', 'preparing'),
          ]),
        ]),
      )
      .execute();
    const id = randomUUID();
    const row = await this.db.transaction().execute(async (trx) => {
      // The request is kept in the append-only ledger; the file is a cache purged within the hour.
      await trx
        .insertInto('audit_report_exports')
        .values({ id, hospital_id: who.hospitalId, requested_by: who.userId })
        .execute();
      return trx
        .insertInto('access_report_files')
        .values({ id, hospital_id: who.hospitalId, requested_by: who.userId, status: 'preparing' })
        .returning(columns)
        .executeTakeFirstOrThrow();
    });
    const job = this.queue.then(() => this.prepare(row.id, who.hospitalId, query));
    this.queue = job;
    return shown(row);
  }

  private async prepare(id: string, hospitalId: string, query: AccessReportQuery): Promise<void> {
    if (this.stopped) return;
    const finish = (values: { status: ExportStatus; row_count?: number; patient_ids?: string[]; csv?: string }) =>
      this.db
        .updateTable('access_report_files')
        .set({ ...values, finished_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    try {
      // Everything committed before the request is in it, as it would be in a direct answer.
      await trailCaughtUp(this.platform);
      const report = await accessReportRows(this.db, hospitalId, query);
      const patientIds = [...new Set(report.rows.map((r) => r.patient_id))];
      await finish({
        status: 'ready',
        row_count: report.rows.length,
        patient_ids: patientIds,
        csv: accessReportCsv(report),
      });
    } catch (e) {
      if (this.stopped) return;
      this.log.error({ err: e, exportId: id }, 'access report export failed');
      await finish({ status: 'failed' }).catch(() => undefined);
    }
  }

  /** The person's own request, or undefined (another person's, another hospital's, past its hour). */
  async status(who: Requester, id: string): Promise<AccessReportExport | undefined> {
    const row = await this.own(who, id).select(columns).executeTakeFirst();
    return row && shown(row);
  }

  /** The prepared file and the patients it names, when it is ready. */
  async file(who: Requester, id: string) {
    const row = await this.own(who, id)
      .select([...columns, 'csv', 'patient_ids'])
      .executeTakeFirst();
    if (!row) return undefined;
    return { export: shown(row), csv: row.csv, patientIds: row.patient_ids ?? [] };
  }

  private own(who: Requester, id: string) {
    return this.db
      .selectFrom('access_report_files')
      .where('id', '=', id)
      .where('hospital_id', '=', who.hospitalId)
      .where('requested_by', '=', who.userId)
      .where('requested_at', '>=', sql<Date>`now() - make_interval(mins => ${EXPORT_KEPT_MINUTES})`);
  }

  /** At shutdown: no new report starts, and the one under way is waited for. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.queue.catch(() => undefined);
  }
}

const exporters = new WeakMap<Platform, AccessReportExports>();

export function accessReportExportsOf(platform: Platform): AccessReportExports {
  let exporter = exporters.get(platform);
  if (!exporter) {
    exporter = new AccessReportExports(platform, platform.log.child({ component: 'access-report-exports' }));
    exporters.set(platform, exporter);
  }
  return exporter;
}
