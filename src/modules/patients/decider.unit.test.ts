import { describe, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { BadRequest } from '../../platform/http/errors';
import { patientDecider, type PatientCommand, type RegisterPatient } from './decider';
import { PatientAlreadyAdmitted, PatientAlreadyRegistered, PatientNotFound } from './errors';
import type { PatientEvent, VitalSigns } from './patient';

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
const ids = { patientId: 'p-1', hospitalId: 'h-1' };
const register: RegisterPatient = { type: 'RegisterPatient', ...ids, today: '2024-06-01', details };
const registered: PatientEvent = { type: 'PatientRegistered', data: { ...details, ...ids, status: 'waiting' } };
const deleted: PatientEvent = { type: 'PatientRecordDeleted', data: { patientId: 'p-1' } };
const vitals: VitalSigns = {
  bloodPressure: '120/80',
  pulseRate: 72,
  temperature: 37,
  temperatureUnit: 'C',
  weight: null,
  height: null,
  respiratoryRate: null,
  oxygenSaturation: 98,
};

const edit = (changes: object): PatientCommand => ({
  type: 'EditPatientDetails',
  ...ids,
  today: '2024-06-01',
  changes,
});
const toStatus = (status: 'seen' | 'waiting' | 'consultation'): PatientCommand => ({
  type: 'ChangePatientStatus',
  ...ids,
  status,
});

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

  it('records an edit as the changed fields with their old values, leaving out what did not change', () => {
    given(patientDecider, [registered])
      .when(edit({ firstName: 'Aminat', lastName: 'Yusuf', address: '2 Broad Street, Lagos' }))
      .then([
        {
          type: 'PatientDetailsEdited',
          data: {
            patientId: 'p-1',
            changes: { firstName: 'Aminat', address: '2 Broad Street, Lagos' },
            previous: { firstName: 'Amina', address: '1 Marina, Lagos' },
          },
        },
      ]);
  });

  it('records nothing for an edit that changes nothing, and judges the next edit on the edited values', () => {
    given(patientDecider, [registered])
      .when(edit({ firstName: 'Amina' }))
      .then([]);
    const renamed: PatientEvent = {
      type: 'PatientDetailsEdited',
      data: { patientId: 'p-1', changes: { firstName: 'Aminat' }, previous: { firstName: 'Amina' } },
    };
    given(patientDecider, [registered, renamed])
      .when(edit({ firstName: 'Aminat' }))
      .then([]);
    given(patientDecider, [registered, renamed])
      .when(edit({ emergencyContactPhone: '08039990000' }))
      .then([
        {
          type: 'PatientDetailsEdited',
          data: {
            patientId: 'p-1',
            changes: { emergencyContactPhone: '08039990000' },
            previous: { emergencyContactPhone: null },
          },
        },
      ]);
  });

  it('refuses an edit to a date of birth in the future', () => {
    given(patientDecider, [registered])
      .when(edit({ dateOfBirth: '2024-06-02' }))
      .thenThrows(BadRequest, 'Date of birth cannot be in the future');
  });

  it('changes the status from the current one, and records nothing for the same status', () => {
    given(patientDecider, [registered])
      .when(toStatus('consultation'))
      .then([{ type: 'PatientStatusChanged', data: { patientId: 'p-1', from: 'waiting', to: 'consultation' } }]);
    const seen: PatientEvent = {
      type: 'PatientStatusChanged',
      data: { patientId: 'p-1', from: 'waiting', to: 'seen' },
    };
    given(patientDecider, [registered, seen])
      .when(toStatus('waiting'))
      .then([{ type: 'PatientStatusChanged', data: { patientId: 'p-1', from: 'seen', to: 'waiting' } }]);
    given(patientDecider, [registered, seen]).when(toStatus('seen')).then([]);
  });

  it('records vitals as measured', () => {
    given(patientDecider, [registered])
      .when({ type: 'RecordVitals', ...ids, vitals })
      .then([{ type: 'VitalsRecorded', data: { patientId: 'p-1', vitals } }]);
  });

  it('deletes a record once; after that it is not found for any command', () => {
    given(patientDecider, [registered])
      .when({ type: 'DeletePatientRecord', ...ids })
      .then([deleted]);
    for (const command of [
      { type: 'DeletePatientRecord', ...ids } as const,
      edit({ firstName: 'X' }),
      toStatus('seen'),
      { type: 'RecordVitals', ...ids, vitals } as const,
    ]) {
      given(patientDecider, [registered, deleted]).when(command).thenThrows(PatientNotFound);
    }
    given(patientDecider, [registered, deleted]).when(register).thenThrows(PatientAlreadyRegistered);
  });

  it("answers 'not found' for a patient of another hospital, or none at all", () => {
    const elsewhere = { hospitalId: 'h-2' };
    given(patientDecider, [registered])
      .when({ ...toStatus('seen'), ...elsewhere })
      .thenThrows(PatientNotFound, 'Patient not found');
    given(patientDecider, [registered])
      .when({ type: 'DeletePatientRecord', ...ids, ...elsewhere })
      .thenThrows(PatientNotFound);
    given(patientDecider, [])
      .when(edit({ firstName: 'X' }))
      .thenThrows(PatientNotFound);
  });

  it('admits a patient once; a discharge ends the admission so a new one can begin', () => {
    const admit: PatientCommand = { type: 'AdmitPatient', ...ids, ward: 'Ward B', reason: null };
    const admitted: PatientEvent = {
      type: 'PatientAdmitted',
      data: { patientId: 'p-1', ward: 'Ward B', reason: null },
    };
    const discharged: PatientEvent = {
      type: 'PatientStatusChanged',
      data: { patientId: 'p-1', from: 'waiting', to: 'discharged' },
    };
    const seen: PatientEvent = {
      type: 'PatientStatusChanged',
      data: { patientId: 'p-1', from: 'waiting', to: 'seen' },
    };
    given(patientDecider, [registered]).when(admit).then([admitted]);
    given(patientDecider, [registered, admitted])
      .when(admit)
      .thenThrows(PatientAlreadyAdmitted, 'This patient is already admitted');
    given(patientDecider, [registered, admitted, seen]).when(admit).thenThrows(PatientAlreadyAdmitted);
    given(patientDecider, [registered, admitted, discharged]).when(admit).then([admitted]);
    given(patientDecider, [registered, deleted]).when(admit).thenThrows(PatientNotFound);
    given(patientDecider, [registered])
      .when({ ...admit, hospitalId: 'h-2' })
      .thenThrows(PatientNotFound);
  });
});
