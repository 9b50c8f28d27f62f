import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLE_CHANNELS } from '../src/platform/realtime/channels';
import { CLOSE_CODES, CLOSE_SESSION_ENDED, CLOSE_UNAUTHORIZED } from '../src/platform/realtime/hub';
import { SERVER_MESSAGE_TYPES, STATUS_POPUPS, VISIBILITY } from '../src/modules/notifications/visibility';

/** docs/websocket.md is what integrators read: its tables must say what the server does. */
const lines = readFileSync(new URL('../docs/websocket.md', import.meta.url), 'utf8').split('\n');

/** The body rows, as trimmed cells, of the markdown table whose header row matches `header`. */
function table(header: RegExp): string[][] {
  const start = lines.findIndex((l) => l.startsWith('|') && header.test(l));
  if (start < 0) throw new Error(`docs/websocket.md has no table headed ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

const list = (cell: string) => (cell === 'none' ? [] : cell.split(',').map((s) => s.trim()));
type MessageType = (typeof SERVER_MESSAGE_TYPES)[number];

describe('docs/websocket.md', () => {
  it('lists every server message with the channel, popup roles and silent roles the notifier uses', () => {
    const rows = table(/\|\s*type\s*\|\s*channel\s*\|/);
    expect(rows.map((r) => r[0]!.replaceAll('`', ''))).toEqual([...SERVER_MESSAGE_TYPES]);
    for (const [cell, channel, popup, silent] of rows) {
      const v = VISIBILITY[cell!.replaceAll('`', '') as MessageType];
      expect(channel).toBe(v.channel);
      if (v.doc) {
        expect([popup, silent]).toEqual([v.doc.popup, v.doc.silent]);
        continue;
      }
      if (v.notify === 'everyone') expect(popup).toBe('everyone');
      else if (typeof v.notify === 'function') expect(popup).toBe('by new status');
      else expect(list(popup!)).toEqual([...v.notify]);
      expect(list(silent!)).toEqual(typeof v.follow === 'function' ? [] : [...(v.follow ?? [])]);
    }
  });

  it("gives each role's channels and status popups as the server has them", () => {
    const channels = table(/\|\s*role\s*\|\s*channels/).map(([role, cs]) => [role, list(cs!)]);
    expect(Object.fromEntries(channels)).toEqual(
      Object.fromEntries(Object.entries(ROLE_CHANNELS).map(([role, cs]) => [role, [...cs]])),
    );
    const popups = table(/\|\s*role\s*\|\s*popup when/).map(([role, when]) => [
      role,
      when === 'any' ? 'all' : list(when!),
    ]);
    expect(Object.fromEntries(popups)).toEqual(
      Object.fromEntries(Object.entries(STATUS_POPUPS).map(([role, s]) => [role, s === 'all' ? 'all' : [...s!]])),
    );
  });

  it('names the close codes the hub uses', () => {
    const codes = table(/\|\s*code\s*\|/).map((r) => Number(r[0]));
    expect(codes).toEqual(CLOSE_CODES.map((c) => c.code));
    expect(codes.slice(0, 2)).toEqual([CLOSE_UNAUTHORIZED, CLOSE_SESSION_ENDED]);
  });
});
