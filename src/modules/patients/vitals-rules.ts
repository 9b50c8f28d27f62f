/** The vitals rules live in src/shared so the nurse's and the doctor's forms check exactly what the server does. */
export * from '../../shared/vitals-rules';
