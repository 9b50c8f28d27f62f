import { performance } from 'node:perf_hooks';
import { createDb, createPool } from '../src/platform/db/database';
import { accessReportRows } from '../src/modules/audit/read-models/access-report';
import { accessReportCsv } from '../src/modules/audit/access-report-csv';
const pool = createPool('postgres://postgres@127.0.0.1:5432/dayreport', 4);
const db = createDb(pool);
const H = '3f8d5115-2cac-4934-b03d-8a568ff0c19b';
const from = new Date(Date.parse('2026-11-26T09:18:00Z'));
for (let i = 0; i < 8; i++) {
  const t0 = performance.now();
  const r = await accessReportRows(db, H, { from });
  const t1 = performance.now();
  const csv = accessReportCsv(r);
  const t2 = performance.now();
  console.log(`rows ${r.rows.length} query ${(t1 - t0).toFixed(1)} csv ${(t2 - t1).toFixed(1)} bytes ${csv.length}`);
}
await pool.end();
