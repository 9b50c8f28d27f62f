/**
 * The lab tests a consultation may order and their urgencies (product-spec-2 §9 and §4), shared by
 * the server's validation and the browser's picker. Pure and dependency-free.
 */
export const LAB_URGENCIES = ['Routine', 'Urgent', 'STAT'] as const;

/** The catalogue, name and code. */
export const LAB_TEST_CATALOGUE = [
  { name: 'Full Blood Count', code: 'FBC' },
  { name: 'Chest X-ray', code: 'CXR' },
  { name: 'Urine Analysis', code: 'URINE' },
  { name: 'Blood Sugar Test', code: 'BST' },
  { name: 'Liver Function Test', code: 'LFT' },
  { name: 'Kidney Function Test', code: 'KFT' },
  { name: 'Electrolytes', code: 'ELEC' },
  { name: 'Malaria Parasite', code: 'MPS' },
  { name: 'ECG', code: 'ECG' },
  { name: 'CT Scan', code: 'CT' },
  { name: 'MRI Scan', code: 'MRI' },
  { name: 'Ultrasound', code: 'USS' },
] as const;
