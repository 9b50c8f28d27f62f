/** What a metric or table says while the feature that produces its data is not built yet: never a made-up figure. */
export const PENDING = {
  laboratory: 'Available once the laboratory is set up',
  billing: 'Available once billing is set up',
} as const;
