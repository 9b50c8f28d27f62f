/**
 * WHO ATC codes (Anatomical Therapeutic Chemical classification) for the medicines a Nigerian formulary
 * stocks most: the Nigerian Essential Medicines List's common primary-care items. A hospital's medication is
 * matched by the generic name its own name starts with or contains ("Paracetamol 500mg tablets" →
 * paracetamol → N02BE01); brand names the market knows them by are listed beside the generic. A medication
 * the table does not know keeps only the hospital's local code. Shared by the FHIR export (server) and the
 * pharmacy's formulary screen (browser).
 */
export const ATC_SYSTEM = 'http://www.whocc.no/atc';

export type AtcCode = { code: string; display: string };

/** [ATC code, the WHO name, names and brands that mean it (lower case)] */
const TABLE: readonly [string, string, readonly string[]][] = [
  ['N02BE01', 'paracetamol', ['paracetamol', 'acetaminophen', 'panadol', 'emzor paracetamol']],
  ['M01AE01', 'ibuprofen', ['ibuprofen', 'brufen']],
  ['M01AB05', 'diclofenac', ['diclofenac', 'voltaren', 'cataflam']],
  ['J01CA04', 'amoxicillin', ['amoxicillin', 'amoxil']],
  [
    'J01CR02',
    'amoxicillin and beta-lactamase inhibitor',
    ['amoxicillin/clavulanate', 'amoxicillin-clavulanate', 'amoxicillin/clavulanic acid', 'co-amoxiclav', 'augmentin'],
  ],
  ['J01DD04', 'ceftriaxone', ['ceftriaxone', 'rocephin']],
  ['J01MA02', 'ciprofloxacin', ['ciprofloxacin', 'ciprotab']],
  ['J01FA10', 'azithromycin', ['azithromycin', 'zithromax']],
  ['J01AA02', 'doxycycline', ['doxycycline']],
  ['J01EE01', 'sulfamethoxazole and trimethoprim', ['cotrimoxazole', 'co-trimoxazole', 'septrin', 'bactrim']],
  ['J01GB03', 'gentamicin', ['gentamicin']],
  ['P01AB01', 'metronidazole', ['metronidazole', 'flagyl']],
  ['J01XD01', 'metronidazole', ['metronidazole injection', 'metronidazole infusion', 'metronidazole iv']],
  [
    'P01BF01',
    'artemether and lumefantrine',
    ['artemether/lumefantrine', 'artemether-lumefantrine', 'artemether lumefantrine', 'coartem', 'lonart'],
  ],
  ['P01BE03', 'artesunate', ['artesunate']],
  ['P01BE02', 'artemether', ['artemether injection', 'paluther']],
  ['P01BD51', 'pyrimethamine, combinations', ['sulfadoxine/pyrimethamine', 'sulfadoxine-pyrimethamine', 'fansidar']],
  ['P01BA01', 'chloroquine', ['chloroquine']],
  ['P02CA03', 'albendazole', ['albendazole', 'zentel']],
  ['P02CA01', 'mebendazole', ['mebendazole', 'vermox']],
  ['J02AC01', 'fluconazole', ['fluconazole', 'diflucan']],
  ['A07CA', 'oral rehydration salt formulations', ['ors', 'oral rehydration']],
  ['A12CB01', 'zinc sulfate', ['zinc sulfate', 'zinc sulphate', 'zinc']],
  ['B03AA07', 'ferrous sulfate', ['ferrous sulfate', 'ferrous sulphate', 'fesolate']],
  ['B03BB01', 'folic acid', ['folic acid']],
  ['A11GA01', 'ascorbic acid (vit C)', ['vitamin c', 'ascorbic acid']],
  ['A10BA02', 'metformin', ['metformin', 'glucophage']],
  ['A10BB09', 'gliclazide', ['gliclazide', 'diamicron']],
  ['C08CA01', 'amlodipine', ['amlodipine', 'norvasc']],
  ['C08CA05', 'nifedipine', ['nifedipine']],
  ['C09AA03', 'lisinopril', ['lisinopril']],
  ['C03AA03', 'hydrochlorothiazide', ['hydrochlorothiazide']],
  ['C02AB01', 'methyldopa (levorotatory)', ['methyldopa', 'aldomet']],
  ['A02BC01', 'omeprazole', ['omeprazole']],
  ['R03AC02', 'salbutamol', ['salbutamol', 'ventolin']],
  ['H02AB06', 'prednisolone', ['prednisolone']],
  ['R06AB04', 'chlorphenamine', ['chlorpheniramine', 'chlorphenamine', 'piriton']],
  ['R06AX13', 'loratadine', ['loratadine', 'clarityne']],
  ['H01BB02', 'oxytocin', ['oxytocin', 'syntocinon']],
  ['G02AB03', 'misoprostol', ['misoprostol', 'cytotec']],
  ['B05BB01', 'electrolytes', ['normal saline', 'sodium chloride 0.9', 'ringer']],
];

const ENTRIES = TABLE.flatMap(([code, display, names]) => names.map((name) => ({ name, code: { code, display } })))
  // The longest name first, so "metronidazole injection" wins over "metronidazole".
  .sort((a, b) => b.name.length - a.name.length);

/** The ATC code of a medication by its name in the hospital's formulary; undefined when the table does not know it. */
export function atcFor(medicationName: string): AtcCode | undefined {
  const name = medicationName.trim().toLowerCase().replace(/\s+/g, ' ');
  for (const entry of ENTRIES) {
    const at = name.indexOf(entry.name);
    if (at < 0) continue;
    const before = at === 0 ? ' ' : name[at - 1]!;
    const after = name[at + entry.name.length] ?? ' ';
    // Whole words only: "zinc" is not inside "zincovit", "ors" not inside "doctors".
    if (!/[a-z0-9]/.test(before) && !/[a-z]/.test(after)) return entry.code;
  }
  return undefined;
}

/** The counted unit of a medication's dose form, read from its name: what a quantity of it counts. */
export function doseUnitOf(medicationName: string): string {
  const name = medicationName.toLowerCase();
  const forms: [RegExp, string][] = [
    [/\b(tab|tabs|tablet|tablets|caplet|caplets)\b/, 'tablet'],
    [/\b(cap|caps|capsule|capsules)\b/, 'capsule'],
    [/\b(syrup|suspension|susp|elixir|bottle|mixture)\b/, 'bottle'],
    [/\b(injection|inj|vial|vials)\b/, 'vial'],
    [/\b(ampoule|ampoules|amp)\b/, 'ampoule'],
    [/\b(sachet|sachets)\b/, 'sachet'],
    [/\b(cream|ointment|gel|tube)\b/, 'tube'],
    [/\b(inhaler|puffer)\b/, 'inhaler'],
    [/\b(suppository|suppositories)\b/, 'suppository'],
    [/\b(infusion|drip|bag)\b/, 'bag'],
  ];
  return forms.find(([pattern]) => pattern.test(name))?.[1] ?? 'unit';
}
