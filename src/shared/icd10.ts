/**
 * A short list of ICD-10 (WHO) diagnoses common in Nigerian outpatient and general practice,
 * offered by the consultation form (issue 22 item 11). A diagnosis chosen from it carries its code
 * in the consultation event and as a Condition coding in the FHIR export; anything else stays text.
 * Titles follow the WHO ICD-10 tabular list. Pure and dependency-free.
 */
export const ICD10_SYSTEM = 'http://hl7.org/fhir/sid/icd-10';

export type Icd10 = { code: string; display: string };

export const ICD10_DIAGNOSES: readonly Icd10[] = [
  { code: 'B54', display: 'Unspecified malaria' },
  { code: 'B50.9', display: 'Plasmodium falciparum malaria, unspecified' },
  { code: 'B50.0', display: 'Plasmodium falciparum malaria with cerebral complications' },
  { code: 'A01.0', display: 'Typhoid fever' },
  { code: 'I10', display: 'Essential (primary) hypertension' },
  { code: 'E11.9', display: 'Type 2 diabetes mellitus without complications' },
  { code: 'E10.9', display: 'Type 1 diabetes mellitus without complications' },
  { code: 'E14.9', display: 'Unspecified diabetes mellitus without complications' },
  { code: 'J06.9', display: 'Acute upper respiratory infection, unspecified' },
  { code: 'J02.9', display: 'Acute pharyngitis, unspecified' },
  { code: 'J03.9', display: 'Acute tonsillitis, unspecified' },
  { code: 'J20.9', display: 'Acute bronchitis, unspecified' },
  { code: 'J18.9', display: 'Pneumonia, unspecified' },
  { code: 'J45.9', display: 'Asthma, unspecified' },
  { code: 'A16.2', display: 'Tuberculosis of lung, without mention of bacteriological or histological confirmation' },
  { code: 'B24', display: 'Unspecified human immunodeficiency virus [HIV] disease' },
  { code: 'A09', display: 'Diarrhoea and gastroenteritis of presumed infectious origin' },
  { code: 'A00.9', display: 'Cholera, unspecified' },
  { code: 'A03.9', display: 'Shigellosis, unspecified' },
  { code: 'A06.0', display: 'Acute amoebic dysentery' },
  { code: 'N39.0', display: 'Urinary tract infection, site not specified' },
  { code: 'N76.0', display: 'Acute vaginitis' },
  { code: 'A54.9', display: 'Gonococcal infection, unspecified' },
  { code: 'D57.0', display: 'Sickle-cell anaemia with crisis' },
  { code: 'D64.9', display: 'Anaemia, unspecified' },
  { code: 'D50.9', display: 'Iron deficiency anaemia, unspecified' },
  { code: 'E46', display: 'Unspecified protein-energy malnutrition' },
  { code: 'B05.9', display: 'Measles without complication' },
  { code: 'B01.9', display: 'Varicella without complication' },
  { code: 'A39.0', display: 'Meningococcal meningitis' },
  { code: 'G03.9', display: 'Meningitis, unspecified' },
  { code: 'B65.9', display: 'Schistosomiasis, unspecified' },
  { code: 'B77.9', display: 'Ascariasis, unspecified' },
  { code: 'B82.9', display: 'Intestinal parasitism, unspecified' },
  { code: 'B35.4', display: 'Tinea corporis' },
  { code: 'L08.9', display: 'Local infection of skin and subcutaneous tissue, unspecified' },
  { code: 'H10.9', display: 'Conjunctivitis, unspecified' },
  { code: 'H66.9', display: 'Otitis media, unspecified' },
  { code: 'I50.9', display: 'Heart failure, unspecified' },
  { code: 'I64', display: 'Stroke, not specified as haemorrhage or infarction' },
  { code: 'K29.7', display: 'Gastritis, unspecified' },
  { code: 'K37', display: 'Unspecified appendicitis' },
  { code: 'K59.0', display: 'Constipation' },
  { code: 'M54.5', display: 'Low back pain' },
  { code: 'M10.9', display: 'Gout, unspecified' },
  { code: 'O14.9', display: 'Pre-eclampsia, unspecified' },
  { code: 'R50.9', display: 'Fever, unspecified' },
  { code: 'R51', display: 'Headache' },
  { code: 'G40.9', display: 'Epilepsy, unspecified' },
  { code: 'F32.9', display: 'Depressive episode, unspecified' },
  { code: 'T14.9', display: 'Injury, unspecified' },
];

export const findIcd10 = (code: string): Icd10 | undefined =>
  ICD10_DIAGNOSES.find((d) => d.code.toLowerCase() === code.trim().toLowerCase());

/** The entry whose title is exactly this diagnosis text (any case), as the form offers it. */
export const icd10Titled = (text: string): Icd10 | undefined =>
  ICD10_DIAGNOSES.find((d) => d.display.toLowerCase() === text.trim().toLowerCase());
