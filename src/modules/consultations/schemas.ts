// The consultation's body is the shared contract's (src/shared/api/consultation-inputs.ts).
export const toKobo = (naira: number) => Math.round(naira * 100);
