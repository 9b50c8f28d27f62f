import { describe, expect, it } from 'vitest';
import { recordVitalsBody } from './vitals-rules';

const errorsOf = (input: unknown) => {
  const r = recordVitalsBody.safeParse(input);
  if (r.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
};
const none = {
  bloodPressure: null,
  pulseRate: null,
  temperature: null,
  weight: null,
  height: null,
  respiratoryRate: null,
  oxygenSaturation: null,
};

describe('vital signs', () => {
  it('takes numbers or the text of form fields, blank meaning not taken', () => {
    expect(recordVitalsBody.parse({ bloodPressure: ' 120 / 80 ', pulseRate: '72', weight: 70.5, height: '' })).toEqual({
      ...none,
      bloodPressure: '120/80',
      pulseRate: 72,
      weight: 70.5,
      temperatureUnit: 'C',
    });
  });

  it('reads the temperature unit as given, or from the only range the value fits', () => {
    expect(recordVitalsBody.parse({ temperature: 37.2 })).toMatchObject({ temperature: 37.2, temperatureUnit: 'C' });
    expect(recordVitalsBody.parse({ temperature: 98.6 })).toMatchObject({ temperature: 98.6, temperatureUnit: 'F' });
    expect(recordVitalsBody.parse({ temperature: '99', temperatureUnit: '°f' })).toMatchObject({
      temperatureUnit: 'F',
    });
    expect(errorsOf({ temperature: 98.6, temperatureUnit: 'C' })).toEqual([
      { field: 'temperature', message: 'Temperature in °C must be between 30 and 45' },
    ]);
    expect(errorsOf({ temperature: 370 })).toEqual([
      { field: 'temperature', message: 'Temperature must be between 30 and 45 °C or between 86 and 113 °F' },
    ]);
    expect(errorsOf({ temperature: 37, temperatureUnit: 'K' })).toEqual([
      { field: 'temperatureUnit', message: 'Temperature unit must be C or F' },
    ]);
  });

  it('accepts the edges of every range and refuses just past them, naming the field', () => {
    const edges: [string, number, number, string][] = [
      ['pulseRate', 20, 250, 'Pulse rate must be between 20 and 250 beats per minute'],
      ['respiratoryRate', 5, 60, 'Respiratory rate must be between 5 and 60 breaths per minute'],
      ['oxygenSaturation', 50, 100, 'Oxygen saturation must be between 50 and 100 %'],
      ['weight', 0.5, 500, 'Weight must be between 0.5 and 500 kg'],
      ['height', 20, 250, 'Height must be between 20 and 250 cm'],
    ];
    for (const [field, min, max, message] of edges) {
      expect(recordVitalsBody.parse({ [field]: min })).toMatchObject({ [field]: min });
      expect(recordVitalsBody.parse({ [field]: max })).toMatchObject({ [field]: max });
      expect(errorsOf({ [field]: min - 0.1 })).toEqual([{ field, message }]);
      expect(errorsOf({ [field]: max + 0.1 })).toEqual([{ field, message }]);
    }
    expect(errorsOf({ pulseRate: 'fast' })).toEqual([{ field: 'pulseRate', message: 'Pulse rate must be a number' }]);
  });

  it('checks blood pressure as systolic/diastolic within range, systolic the higher', () => {
    expect(errorsOf({ bloodPressure: '120' })).toEqual([
      { field: 'bloodPressure', message: 'Blood pressure must be written as systolic/diastolic, such as 120/80' },
    ]);
    expect(errorsOf({ bloodPressure: '260/80' })).toEqual([
      { field: 'bloodPressure', message: 'Systolic pressure must be between 50 and 250 mmHg' },
    ]);
    expect(errorsOf({ bloodPressure: '120/20' })).toEqual([
      { field: 'bloodPressure', message: 'Diastolic pressure must be between 30 and 150 mmHg' },
    ]);
    expect(errorsOf({ bloodPressure: '80/120' })).toEqual([
      { field: 'bloodPressure', message: 'Systolic pressure must be higher than diastolic pressure' },
    ]);
  });

  it('reports every bad field at once, and refuses a call that records nothing', () => {
    expect(errorsOf({ pulseRate: 900, oxygenSaturation: 20 }).map((e) => e.field)).toEqual([
      'pulseRate',
      'oxygenSaturation',
    ]);
    for (const empty of [undefined, {}, { pulseRate: '', temperatureUnit: 'F' }]) {
      expect(errorsOf(empty)).toEqual([{ field: 'vitals', message: 'Please record at least one vital sign' }]);
    }
  });
});
