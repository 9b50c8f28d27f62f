import { describe, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { BadRequest } from '../../platform/http/errors';
import { PatientAlreadyRegistered, patientDecider, type RegisterPatient } from './decider';
import type { PatientEvent } from './patient';

const details = {
  firstName: 'Amina',
  lastName: 'Yusuf',
  dateOfBirth: '1990-05-01',
  gender: 'Female' as const,
  phoneNumber: '08035550101',
  address: '1 Marina, Lagos',
  identificationNumber: 'PAT123456',
  emergencyContactName: null,
  emergencyContactRelationship: null,
  emergencyContactPhone: null,
};
const register: RegisterPatient = {
  type: 'RegisterPatient',
  patientId: 'p-1',
  hospitalId: 'h-1',
  today: '2024-06-01',
  details,
};
const registered: PatientEvent = {
  type: 'PatientRegistered',
  data: { ...details, patientId: 'p-1', hospitalId: 'h-1', status: 'waiting' },
};

describe('patient decider', () => {
  it('registers a new patient as waiting', () => {
    given(patientDecider, []).when(register).then([registered]);
  });

  it('accepts a patient born today, refuses one born tomorrow (by the command time)', () => {
    given(patientDecider, [])
      .when({ ...register, details: { ...details, dateOfBirth: '2024-06-01' } })
      .then([{ ...registered, data: { ...registered.data, dateOfBirth: '2024-06-01' } }]);
    given(patientDecider, [])
      .when({ ...register, details: { ...details, dateOfBirth: '2024-06-02' } })
      .thenThrows(BadRequest, 'Date of birth cannot be in the future');
  });

  it('refuses to register the same patient twice', () => {
    given(patientDecider, [registered]).when(register).thenThrows(PatientAlreadyRegistered);
  });
});
