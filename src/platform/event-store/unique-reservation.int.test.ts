import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataFor } from './metadata';
import { createPostgresTestStore, type PostgresTestStore } from './postgres-test-store';
import { releaseUnique, reservationStream, reserveUnique, uniqueHolder } from './unique-reservation';

const metadata = metadataFor({ hospitalId: 'hospital-1' });

describe('unique value reservations', () => {
  let pg: PostgresTestStore;
  beforeAll(async () => {
    pg = await createPostgresTestStore(20);
  });
  afterAll(async () => pg?.close());

  const email = () => `ada-${randomUUID()}@example.com`;
  const reserve = (value: string, ownerId: string) =>
    reserveUnique(pg.store, { scope: 'email', value, ownerId, metadata });
  const release = (value: string, ownerId: string) =>
    releaseUnique(pg.store, { scope: 'email', value, ownerId, metadata });

  it('lets exactly one of two concurrent reservations of a value win', async () => {
    const value = email();
    const [a, b] = await Promise.all([reserve(value, 'user-a'), reserve(value, 'user-b')]);
    const winners = [a, b].filter((r) => r.reserved);
    expect(winners).toHaveLength(1);
    const winner = a.reserved ? 'user-a' : 'user-b';
    expect([a, b].find((r) => !r.reserved)).toEqual({ reserved: false, heldBy: winner });
    expect(await uniqueHolder(pg.store, 'email', value)).toBe(winner);
    expect(await pg.store.readStream(reservationStream('email', value))).toHaveLength(1);
  });

  it('lets exactly one of many concurrent contenders win', async () => {
    const value = email();
    const owners = Array.from({ length: 10 }, (_, i) => `user-${i}`);
    const results = await Promise.all(owners.map((o) => reserve(value, o)));
    const winners = owners.filter((_, i) => results[i]!.reserved);
    expect(winners).toHaveLength(1);
    for (const r of results) if (!r.reserved) expect(r.heldBy).toBe(winners[0]);
  });

  it('treats a value case- and space-insensitively and a repeat by the holder as success', async () => {
    const value = email();
    expect(await reserve(value, 'user-a')).toEqual({ reserved: true });
    expect(await reserve(`  ${value.toUpperCase()} `, 'user-b')).toEqual({ reserved: false, heldBy: 'user-a' });
    expect(await reserve(value, 'user-a')).toEqual({ reserved: true });
  });

  it('frees a value on release by its holder so another owner can reserve it', async () => {
    const value = email();
    await reserve(value, 'user-a');
    await release(value, 'user-b');
    expect(await uniqueHolder(pg.store, 'email', value)).toBe('user-a');

    await release(value, 'user-a');
    expect(await uniqueHolder(pg.store, 'email', value)).toBeNull();
    expect(await reserve(value, 'user-b')).toEqual({ reserved: true });
    expect(await uniqueHolder(pg.store, 'email', value)).toBe('user-b');
    const types = (await pg.store.readStream(reservationStream('email', value))).map((e) => e.type);
    expect(types).toEqual(['UniqueValueReserved', 'UniqueValueReleased', 'UniqueValueReserved']);
  });

  it('keeps scopes apart', async () => {
    const value = email();
    await reserve(value, 'user-a');
    const other = await reserveUnique(pg.store, { scope: 'licence', value, ownerId: 'user-b', metadata });
    expect(other).toEqual({ reserved: true });
  });
});
