import { describe, expect, it } from 'vitest';
import * as frozen from '../../../migrations/0019-patients-duplicate-keys';
import { sharedStream } from '../../platform/event-store/shared-reservation';
import { duplicateKeys } from './duplicate-keys';

/**
 * Migration 0019 keeps its own copy of the duplicate-key rule (a migration must not change when the module does).
 * While the live rule is unchanged the two agree; a change of the live rule fails here, which says that patients
 * registered before it hold keys of the old rule (a migration of its own must move them).
 */
describe('the duplicate keys migration 0019 ran with', () => {
  const people = [
    { firstName: 'Ada', lastName: 'Obi', dateOfBirth: '1990-01-01', phoneNumber: '+234 803 123 4567' },
    { firstName: 'ÉMEKA', lastName: "O'Neil", dateOfBirth: '2001-12-31', phoneNumber: '0803-123-4567' },
    { firstName: 'Bisi', lastName: 'Ade', dateOfBirth: '1985-06-15', phoneNumber: '12345' },
    { firstName: 'Tolu', lastName: 'Ola', dateOfBirth: '1970-03-03', phoneNumber: '+44 20 7946 0958' },
  ];

  it('are the keys and streams the live code makes', () => {
    for (const p of people) {
      expect(frozen.duplicateKeys('h-1', p)).toEqual(duplicateKeys('h-1', p));
      for (const k of duplicateKeys('h-1', p)) {
        expect(frozen.sharedStream(k.scope, k.value)).toBe(sharedStream(k.scope, k.value));
      }
    }
  });
});
