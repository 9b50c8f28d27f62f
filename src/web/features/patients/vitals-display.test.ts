import { describe, expect, it } from 'vitest';
import { fahrenheit, lastVitals } from './vitals-display';
import { vitals } from './testing/patients-fixtures';

describe('lastVitals (product-spec-2 §2)', () => {
  it('shows blood pressure, pulse in BPM, weight in LB and temperature in °F, with the reading as taken', () => {
    expect(lastVitals(vitals)).toEqual([
      { label: 'Blood Pressure', value: '120/80 mmHg' },
      { label: 'Pulse Rate', value: '72 BPM' },
      { label: 'Weight', value: '154.3 LB (70 kg)' },
      { label: 'Temperature', value: '98.6 °F (37 °C)' },
    ]);
  });

  it('keeps a Fahrenheit reading as it is', () => {
    expect(lastVitals({ ...vitals, temperature: 99.5, temperatureUnit: 'F' })[3]!.value).toBe('99.5 °F');
    expect(fahrenheit(100, 'C')).toBe(212);
  });

  it('shows a dash for what was not taken, and for no vitals at all', () => {
    const none = { ...vitals, bloodPressure: null, pulseRate: null, weight: null, temperature: null };
    expect(lastVitals(none).map((r) => r.value)).toEqual(['—', '—', '—', '—']);
    expect(lastVitals(null).map((r) => r.value)).toEqual(['—', '—', '—', '—']);
  });
});
