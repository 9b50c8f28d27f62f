import { setTimeout as sleep } from 'node:timers/promises';
import type { TestApp } from './app';
import { asClient } from './patients-api';

type Export = { id: string; status: 'preparing' | 'ready' | 'failed'; rows: number | null };

/** The access report's calls as the spec's client sends them (JSON and a Bearer token on every one). */
export function accessReportApi(t: () => TestApp) {
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });
  const ask = (token: string, query: Record<string, string> = {}) =>
    call(token, 'POST', '/api/audit/access-report/exports', query);
  const status = (token: string, id: string) => call(token, 'GET', `/api/audit/access-report/exports/${id}`);
  const file = (token: string, id: string) => call(token, 'GET', `/api/audit/access-report/exports/${id}/csv`);

  /** Follows a report until it is no longer being prepared (30 s at most). */
  const settled = async (token: string, id: string): Promise<Export> => {
    for (const until = Date.now() + 30_000; ; await sleep(50)) {
      const res = await status(token, id);
      if (res.statusCode !== 200) throw new Error(`status of ${id}: ${res.statusCode} ${res.body}`);
      const found = res.json().data.export as Export;
      if (found.status !== 'preparing' || Date.now() > until) return found;
    }
  };

  /** The download as the browser gets it: asked for, followed until ready, then fetched. */
  const download = async (token: string, query: Record<string, string> = {}) => {
    const asked = await ask(token, query);
    if (asked.statusCode !== 202) throw new Error(`access report: ${asked.statusCode} ${asked.body}`);
    const id = (asked.json().data.export as Export).id;
    const done = await settled(token, id);
    if (done.status !== 'ready') throw new Error(`access report ${id} is ${done.status}`);
    return file(token, id);
  };
  return { call, ask, status, file, settled, download };
}
