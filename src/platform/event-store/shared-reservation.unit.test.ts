import { describe, expect, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { sharedDecider, sharedStream } from './shared-reservation';

const claimed = (ownerId: string) => ({ type: 'SharedValueClaimed' as const, data: { scope: 's', ownerId } });
const released = (ownerId: string) => ({ type: 'SharedValueReleased' as const, data: { scope: 's', ownerId } });

describe('a shared reservation', () => {
  it('takes a newcomer beside the holders, and a holder claiming again changes nothing', () => {
    given(sharedDecider, [claimed('a')])
      .when({ type: 'Claim', scope: 's', ownerId: 'b' })
      .then([claimed('b')]);
    given(sharedDecider, [claimed('a'), claimed('b')])
      .when({ type: 'Claim', scope: 's', ownerId: 'a' })
      .then([]);
  });

  it('releases only a holder, and the others keep the value', () => {
    given(sharedDecider, [claimed('a'), claimed('b')])
      .when({ type: 'Release', scope: 's', ownerId: 'a' })
      .then([released('a')]);
    given(sharedDecider, [claimed('a'), released('a')])
      .when({ type: 'Release', scope: 's', ownerId: 'a' })
      .then([]);
    const state = [claimed('a'), claimed('b'), claimed('a'), released('a')].reduce(
      sharedDecider.evolve,
      sharedDecider.initialState(),
    );
    expect(state.holders).toEqual(['b']);
  });

  it('names its stream by a hash of the value, never the value', () => {
    const stream = sharedStream('patient-phone', 'h1:8031234567');
    expect(stream).toMatch(/^shared-patient-phone-[0-9a-f]{40}$/);
    expect(stream).not.toContain('8031234567');
    expect(sharedStream('patient-phone', 'h2:8031234567')).not.toBe(stream);
  });
});
