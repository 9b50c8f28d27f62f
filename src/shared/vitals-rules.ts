import { z } from 'zod';

/**
 * What a nurse may record (product-spec-2 §3: blood pressure, pulse, temperature, weight, height,
 * respiratory rate, oxygen saturation), each within a range a living patient can show, so a
 * slipped digit (pulse 720, temperature 370) is refused with a message that says why.
 * Numbers may come as JSON numbers or as the text of a form field; blank means not taken.
 */
export const VITAL_RANGES = {
  pulseRate: { label: 'Pulse rate', min: 20, max: 250, unit: 'beats per minute' },
  respiratoryRate: { label: 'Respiratory rate', min: 5, max: 60, unit: 'breaths per minute' },
  oxygenSaturation: { label: 'Oxygen saturation', min: 50, max: 100, unit: '%' },
  weight: { label: 'Weight', min: 0.5, max: 500, unit: 'kg' },
  height: { label: 'Height', min: 20, max: 250, unit: 'cm' },
} as const;
export const TEMPERATURE_RANGES = { C: { min: 30, max: 45 }, F: { min: 86, max: 113 } } as const;
export const BLOOD_PRESSURE = { systolic: { min: 50, max: 250 }, diastolic: { min: 30, max: 150 } } as const;

export const TEMPERATURE_RANGE = 'Temperature must be between 30 and 45 °C or between 86 and 113 °F';
export const TEMPERATURE_UNIT = 'Temperature unit must be C or F';
export const BLOOD_PRESSURE_FORMAT = 'Blood pressure must be written as systolic/diastolic, such as 120/80';
export const SYSTOLIC_RANGE = 'Systolic pressure must be between 50 and 250 mmHg';
export const DIASTOLIC_RANGE = 'Diastolic pressure must be between 30 and 150 mmHg';
export const SYSTOLIC_ABOVE_DIASTOLIC = 'Systolic pressure must be higher than diastolic pressure';
export const AT_LEAST_ONE_VITAL = 'Please record at least one vital sign';

const input = z.union([z.number(), z.string(), z.null()]).optional();

function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** A number field: blank → null; otherwise a finite number, refused with `notNumber` or `outOfRange`. */
function measurement(label: string, accept: (n: number) => boolean, outOfRange: string) {
  return input.transform((v, ctx) => {
    if (blank(v)) return null;
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
      return z.NEVER;
    }
    if (!accept(n)) {
      ctx.addIssue({ code: 'custom', message: outOfRange });
      return z.NEVER;
    }
    return n;
  });
}

const ranged = (field: keyof typeof VITAL_RANGES) => {
  const r = VITAL_RANGES[field];
  return measurement(
    r.label,
    (n) => n >= r.min && n <= r.max,
    `${r.label} must be between ${r.min} and ${r.max}${r.unit === '%' ? ' %' : ` ${r.unit}`}`,
  );
};

const within = (n: number, r: { min: number; max: number }) => n >= r.min && n <= r.max;

/** The unit a temperature is in: as given, else the only range the value fits (the two do not overlap). */
function unitFor(value: number | null, given: 'C' | 'F' | null): 'C' | 'F' {
  if (given) return given;
  return value !== null && within(value, TEMPERATURE_RANGES.F) ? 'F' : 'C';
}

const bloodPressure = input.transform((v, ctx) => {
  if (blank(v)) return null;
  const m = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(String(v));
  if (!m) {
    ctx.addIssue({ code: 'custom', message: BLOOD_PRESSURE_FORMAT });
    return z.NEVER;
  }
  const systolic = Number(m[1]);
  const diastolic = Number(m[2]);
  const problem = !within(systolic, BLOOD_PRESSURE.systolic)
    ? SYSTOLIC_RANGE
    : !within(diastolic, BLOOD_PRESSURE.diastolic)
      ? DIASTOLIC_RANGE
      : systolic <= diastolic
        ? SYSTOLIC_ABOVE_DIASTOLIC
        : null;
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return `${systolic}/${diastolic}`;
});

const temperatureUnit = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    if (blank(v)) return null;
    const unit = v!.trim().replace(/^°/, '').toUpperCase();
    if (unit === 'C' || unit === 'F') return unit;
    ctx.addIssue({ code: 'custom', message: TEMPERATURE_UNIT });
    return z.NEVER;
  });

const vitalsObject = z
  .object({
    bloodPressure,
    pulseRate: ranged('pulseRate'),
    temperature: measurement(
      'Temperature',
      (n) => within(n, TEMPERATURE_RANGES.C) || within(n, TEMPERATURE_RANGES.F),
      TEMPERATURE_RANGE,
    ),
    temperatureUnit,
    weight: ranged('weight'),
    height: ranged('height'),
    respiratoryRate: ranged('respiratoryRate'),
    oxygenSaturation: ranged('oxygenSaturation'),
  })
  .transform((v, ctx) => {
    const { temperatureUnit: given, ...measured } = v;
    const unit = unitFor(v.temperature, given);
    if (v.temperature !== null && !within(v.temperature, TEMPERATURE_RANGES[unit])) {
      const r = TEMPERATURE_RANGES[unit];
      ctx.addIssue({
        code: 'custom',
        path: ['temperature'],
        message: `Temperature in °${unit} must be between ${r.min} and ${r.max}`,
      });
      return z.NEVER;
    }
    if (Object.values(measured).every((m) => m === null)) {
      ctx.addIssue({ code: 'custom', path: ['vitals'], message: AT_LEAST_ONE_VITAL });
      return z.NEVER;
    }
    return { ...measured, temperatureUnit: unit };
  });

/** A call without a body is a call that recorded nothing, answered with the same message. */
export const recordVitalsBody = z.preprocess((v) => v ?? {}, vitalsObject);
