import type { Vitals } from './api/patient-schemas';

export type VitalReading = { label: string; value: string };

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const KG_TO_LB = 2.20462;

/** °F from a reading in either unit. */
export function fahrenheit(temperature: number, unit: 'C' | 'F'): number {
  return unit === 'F' ? temperature : (temperature * 9) / 5 + 32;
}

/**
 * The doctor overview's last vitals (product-spec-2 §2): blood pressure, pulse rate (BPM), weight (LB)
 * and temperature (°F). The server keeps weight in kg and the temperature in the unit it was taken
 * in, so both are converted, with the reading as taken beside a converted one. Missing ones show '—'.
 */
export function lastVitals(vitals: Vitals | null): VitalReading[] {
  const dash = '—';
  const v = vitals;
  const temperature =
    v?.temperature == null
      ? dash
      : v.temperatureUnit === 'F'
        ? `${oneDecimal.format(v.temperature)} °F`
        : `${oneDecimal.format(fahrenheit(v.temperature, 'C'))} °F (${oneDecimal.format(v.temperature)} °C)`;
  return [
    { label: 'Blood Pressure', value: v?.bloodPressure ? `${v.bloodPressure} mmHg` : dash },
    { label: 'Pulse Rate', value: v?.pulseRate == null ? dash : `${oneDecimal.format(v.pulseRate)} BPM` },
    {
      label: 'Weight',
      value:
        v?.weight == null ? dash : `${oneDecimal.format(v.weight * KG_TO_LB)} LB (${oneDecimal.format(v.weight)} kg)`,
    },
    { label: 'Temperature', value: temperature },
  ];
}
