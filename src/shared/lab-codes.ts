/**
 * LOINC codes of the lab catalogue and of the analytes each test reports, with their usual UCUM
 * unit, shared by the server (validation, FHIR export) and the browser (the results form). Only
 * codes checked against LOINC are listed; a test or analyte without one is exported as text.
 * Imaging (CT, MRI, ultrasound) has no code here: its LOINC code depends on the body part.
 * Each numeric analyte carries a usual adult reference range: the results form starts from it, and
 * the lab changes it where its analyser, the patient's age or sex call for another (the range sent
 * with each value is the one recorded and flagged against). Pure and dependency-free.
 */
export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';

export type Loinc = { code: string; display: string };
export type ReferenceRange = { low: number | null; high: number | null };
export type Analyte = { code: string; name: string; loinc: Loinc; unit: string | null; range: ReferenceRange | null };

/** The test as a whole (the panel or study), by catalogue code. */
export const TEST_LOINC: Record<string, Loinc> = {
  FBC: { code: '58410-2', display: 'CBC panel - Blood by Automated count' },
  URINE: { code: '24356-8', display: 'Urinalysis complete panel - Urine' },
  BST: { code: '2345-7', display: 'Glucose [Mass/volume] in Serum or Plasma' },
  LFT: { code: '24325-3', display: 'Hepatic function 2000 panel - Serum or Plasma' },
  KFT: { code: '24362-6', display: 'Renal function 2000 panel - Serum or Plasma' },
  ELEC: { code: '24326-1', display: 'Electrolytes 1998 panel - Serum or Plasma' },
  MPS: { code: '32700-7', display: 'Microscopic observation [Identifier] in Blood by Malaria smear' },
  ECG: { code: '11524-6', display: 'EKG study' },
};

const a = (
  code: string,
  name: string,
  loinc: string,
  display: string,
  unit: string | null,
  range: [number, number] | null = null,
): Analyte => ({
  code,
  name,
  loinc: { code: loinc, display },
  unit,
  range: range ? { low: range[0], high: range[1] } : null,
});

/** Malaria is looked for with most tests in Nigeria: a smear or an RDT may be reported under any lab test. */
const MALARIA: Analyte[] = [
  a(
    'MP',
    'Malaria parasites (smear)',
    '32700-7',
    'Microscopic observation [Identifier] in Blood by Malaria smear',
    null,
  ),
  a('MRDT', 'Malaria RDT', '70569-9', 'Plasmodium sp Ag [Presence] in Blood by Rapid immunoassay', null),
];

/** Sodium, potassium, chloride and bicarbonate: the electrolytes panel, also part of the kidney function test. */
const ELECTROLYTES: Analyte[] = [
  a('NA', 'Sodium', '2951-2', 'Sodium [Moles/volume] in Serum or Plasma', 'mmol/L', [135, 145]),
  a('K', 'Potassium', '2823-3', 'Potassium [Moles/volume] in Serum or Plasma', 'mmol/L', [3.5, 5]),
  a('CL', 'Chloride', '2075-0', 'Chloride [Moles/volume] in Serum or Plasma', 'mmol/L', [98, 107]),
  a('HCO3', 'Bicarbonate', '1963-8', 'Bicarbonate [Moles/volume] in Serum or Plasma', 'mmol/L', [22, 29]),
];

export const TEST_ANALYTES: Record<string, Analyte[]> = {
  FBC: [
    a('HB', 'Haemoglobin', '718-7', 'Hemoglobin [Mass/volume] in Blood', 'g/dL', [12, 17]),
    a('HCT', 'Haematocrit (PCV)', '4544-3', 'Hematocrit [Volume Fraction] of Blood by Automated count', '%', [36, 50]),
    a('WBC', 'White cell count', '6690-2', 'Leukocytes [#/volume] in Blood by Automated count', '10*3/uL', [4, 11]),
    a('PLT', 'Platelets', '777-3', 'Platelets [#/volume] in Blood by Automated count', '10*3/uL', [150, 400]),
    a('RBC', 'Red cell count', '789-8', 'Erythrocytes [#/volume] in Blood by Automated count', '10*6/uL', [4, 6]),
    a('MCV', 'MCV', '787-2', 'MCV [Entitic volume] by Automated count', 'fL', [80, 100]),
    a('MCH', 'MCH', '785-6', 'MCH [Entitic mass] by Automated count', 'pg', [27, 33]),
    a('MCHC', 'MCHC', '786-4', 'MCHC [Mass/volume] by Automated count', 'g/dL', [32, 36]),
    a('NEUT', 'Neutrophils', '770-8', 'Neutrophils/100 leukocytes in Blood by Automated count', '%', [40, 75]),
    a('LYMPH', 'Lymphocytes', '736-9', 'Lymphocytes/100 leukocytes in Blood by Automated count', '%', [20, 45]),
    ...MALARIA,
  ],
  URINE: [
    a('UPH', 'pH', '5803-2', 'pH of Urine by Test strip', '[pH]', [4.5, 8]),
    a('USG', 'Specific gravity', '5811-5', 'Specific gravity of Urine by Test strip', null, [1.005, 1.03]),
    a('UPRO', 'Protein', '20454-5', 'Protein [Presence] in Urine by Test strip', null),
    a('UGLU', 'Glucose', '25428-4', 'Glucose [Presence] in Urine by Test strip', null),
    a('UNIT', 'Nitrite', '5802-4', 'Nitrite [Presence] in Urine by Test strip', null),
    a('ULEU', 'Leukocyte esterase', '5799-2', 'Leukocyte esterase [Presence] in Urine by Test strip', null),
    ...MALARIA,
  ],
  BST: [
    a('GLU', 'Glucose (random)', '2345-7', 'Glucose [Mass/volume] in Serum or Plasma', 'mg/dL', [70, 140]),
    a('FBS', 'Glucose (fasting)', '1558-6', 'Fasting glucose [Mass/volume] in Serum or Plasma', 'mg/dL', [70, 100]),
    ...MALARIA,
  ],
  LFT: [
    a(
      'ALT',
      'ALT',
      '1742-6',
      'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
      'U/L',
      [7, 56],
    ),
    a(
      'AST',
      'AST',
      '1920-8',
      'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
      'U/L',
      [10, 40],
    ),
    a('ALP', 'ALP', '6768-6', 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma', 'U/L', [44, 147]),
    a('TBIL', 'Total bilirubin', '1975-2', 'Bilirubin.total [Mass/volume] in Serum or Plasma', 'mg/dL', [0.1, 1.2]),
    a('ALB', 'Albumin', '1751-7', 'Albumin [Mass/volume] in Serum or Plasma', 'g/dL', [3.5, 5]),
    a('TP', 'Total protein', '2885-2', 'Protein [Mass/volume] in Serum or Plasma', 'g/dL', [6, 8.3]),
    ...MALARIA,
  ],
  KFT: [
    a('CREA', 'Creatinine', '2160-0', 'Creatinine [Mass/volume] in Serum or Plasma', 'mg/dL', [0.6, 1.3]),
    a('BUN', 'Urea nitrogen', '3094-0', 'Urea nitrogen [Mass/volume] in Serum or Plasma', 'mg/dL', [7, 20]),
    ...ELECTROLYTES,
    ...MALARIA,
  ],
  ELEC: [...ELECTROLYTES, ...MALARIA],
  MPS: MALARIA,
};

/** The units of the analytes above and a few more labs use, all valid UCUM: exported with the UCUM system. */
export const UCUM_UNITS = new Set([
  ...Object.values(TEST_ANALYTES).flatMap((list) => list.flatMap((x) => (x.unit ? [x.unit] : []))),
  'mmol/L',
  'umol/L',
  'g/L',
  'mg/L',
  'ng/mL',
  'mL/min',
  's',
  '/[HPF]',
]);

export const analytesOf = (testCode: string): Analyte[] => TEST_ANALYTES[testCode] ?? [];

/**
 * The lines the results form starts with: the panel's own analytes, without the malaria smear and
 * RDT that any test may report (still suggested, not prefilled), except for the malaria test itself.
 */
export const templateOf = (testCode: string): Analyte[] =>
  testCode === 'MPS' ? analytesOf(testCode) : analytesOf(testCode).filter((x) => !MALARIA.includes(x));

/** The catalogue analyte a result names, by its code or its name (any case); otherwise none. */
export function findAnalyte(testCode: string, name: string): Analyte | undefined {
  const key = name.trim().toLowerCase();
  return analytesOf(testCode).find((x) => x.code.toLowerCase() === key || x.name.toLowerCase() === key);
}

export type Interpretation = 'H' | 'L' | 'N';

/** High above the range, low below it, normal inside; nothing for text or without a range. */
export function interpret(value: number | string, range: ReferenceRange | null): Interpretation | null {
  if (typeof value !== 'number' || !range || (range.low === null && range.high === null)) return null;
  if (range.high !== null && value > range.high) return 'H';
  if (range.low !== null && value < range.low) return 'L';
  return 'N';
}
