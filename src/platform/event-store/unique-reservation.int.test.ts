import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataFor } from './metadata';
import type { EventStore } from './port';
import { createPostgresTestStore, type PostgresTestStore } from './postgres-test-store';
import {
  releaseUnique,
  RESERVATION_GRACE_MS,
  reservationStream,
  reserveUnique,
  uniqueHolder,
} from './unique-reservation';
import { transact } from './unit-of-work';

class Taken extends Error {}

describe('unique value reservations', () => {
  let pg: PostgresTestStore;
  beforeAll(async () => {
    pg = await createPostgresTestStore(20);
  });
  afterAll(async () => pg?.close());

  const email = () => `ada-${randomUUID()}@example.com`;
  /** Reserves in a unit of work of its own, as a command would; true when it won. */
  const reserve = (value: string, ownerId: string, scope = 'email', store: EventStore = pg.store, now = new Date()) =>
    transact(
      store,
      metadataFor({ hospitalId: 'hospital-1', now }),
      (uow) => reserveUnique(uow, { scope, value, ownerId, ownerStream: `owner-${ownerId}` }, () => new Taken()),
      { retries: 5 },
    ).then(
      () => true,
      (e: unknown) => {
        if (e instanceof Taken) return false;
        throw e;
      },
    );
  const release = (value: string, ownerId: string) =>
    transact(pg.store, metadataFor({ hospitalId: 'hospital-1' }), (uow) =>
      releaseUnique(uow, { scope: 'email', value, ownerId }),
    );

  it('lets exactly one of two concurrent reservations of a value win', async () => {
    const value = email();
    const [a, b] = await Promise.all([reserve(value, 'user-a'), reserve(value, 'user-b')]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const winner = a ? 'user-a' : 'user-b';
    expect(await uniqueHolder(pg.store, 'email', value)).toBe(winner);
    expect(await pg.store.readStream(reservationStream('email', value))).toHaveLength(1);
  });

  it('lets exactly one of many concurrent contenders win', async () => {
    const value = email();
    const owners = Array.from({ length: 10 }, (_, i) => `user-${i}`);
    const results = await Promise.all(owners.map((o) => reserve(value, o)));
    const winners = owners.filter((_, i) => results[i]);
    expect(winners).toHaveLength(1);
    expect(await uniqueHolder(pg.store, 'email', value)).toBe(winners[0]);
  });

  it('treats a value case- and space-insensitively and a repeat by the holder as success', async () => {
    const value = email();
    expect(await reserve(value, 'user-a')).toBe(true);
    expect(await reserve(`  ${value.toUpperCase()} `, 'user-b')).toBe(false);
    expect(await reserve(value, 'user-a')).toBe(true);
    expect(await pg.store.readStream(reservationStream('email', value))).toHaveLength(1);
  });

  it('frees a value on release by its holder so another owner can reserve it', async () => {
    const value = email();
    await reserve(value, 'user-a');
    await release(value, 'user-b');
    expect(await uniqueHolder(pg.store, 'email', value)).toBe('user-a');

    await release(value, 'user-a');
    expect(await uniqueHolder(pg.store, 'email', value)).toBeNull();
    expect(await reserve(value, 'user-b')).toBe(true);
    expect(await uniqueHolder(pg.store, 'email', value)).toBe('user-b');
    const types = (await pg.store.readStream(reservationStream('email', value))).map((e) => e.type);
    expect(types).toEqual(['UniqueValueReserved', 'UniqueValueReleased', 'UniqueValueReserved']);
  });

  it('keeps scopes apart', async () => {
    const value = email();
    await reserve(value, 'user-a');
    expect(await reserve(value, 'user-b', 'licence')).toBe(true);
  });

  it('on a store without multi-stream transactions, frees a reservation whose owner never appeared', async () => {
    // EventStoreDB writes a command's streams one by one: a crash after the reservation leaves it
    // without its owner. Once the grace period has passed, the value is free again.
    const nonAtomic = Object.assign(Object.create(pg.store) as EventStore, { atomicMultiStream: false });
    const value = email();
    expect(await reserve(value, 'ghost', 'email', nonAtomic)).toBe(true);
    expect(await reserve(value, 'user-b', 'email', nonAtomic)).toBe(false);
    const later = new Date(Date.now() + RESERVATION_GRACE_MS + 1000);
    expect(await reserve(value, 'user-b', 'email', nonAtomic, later)).toBe(true);
    expect(await uniqueHolder(pg.store, 'email', value)).toBe('user-b');
    // A holder whose owner exists keeps the value, however old the reservation.
    await pg.store.append('owner-user-b', [{ type: 'Owned', data: {}, metadata: metadataFor({ hospitalId: 'h' }) }], {
      expectedRevision: 'no_stream',
    });
    const muchLater = new Date(Date.now() + 10 * RESERVATION_GRACE_MS);
    expect(await reserve(value, 'user-c', 'email', nonAtomic, muchLater)).toBe(false);
  });
});
