/** The R4 vital-signs profile rules the FHIR export is checked against, shared by its unit and integration tests. */
/**
 * The R4 vital-signs profiles (http://hl7.org/fhir/R4/observation-vitalsigns.html): the LOINC code each
 * requires in Observation.code, and the UCUM units its valueQuantity may use.
 */
const PROFILES: Record<string, { code: string; units: string[]; components?: Record<string, string> }> = {
  heartrate: { code: '8867-4', units: ['/min'] },
  resprate: { code: '9279-1', units: ['/min'] },
  oxygensat: { code: '2708-6', units: ['%'] },
  bodyweight: { code: '29463-7', units: ['kg', 'g', '[lb_av]'] },
  bodyheight: { code: '8302-2', units: ['cm', '[in_i]'] },
  bodytemp: { code: '8310-5', units: ['Cel', '[degF]'] },
  bp: { code: '85354-9', units: [], components: { '8480-6': 'mm[Hg]', '8462-4': 'mm[Hg]' } },
};
export const BASE = 'http://hl7.org/fhir/StructureDefinition/';

type Quantity = { value: number; unit: string; system: string; code: string };
export type Observation = {
  resourceType: string;
  meta?: { profile?: string[] };
  status: string;
  category: { coding: { system: string; code: string }[] }[];
  code: { coding: { system: string; code: string }[] };
  subject?: { reference: string };
  effectiveDateTime?: string;
  valueQuantity?: Quantity;
  component?: { code: { coding: { system: string; code: string }[] }; valueQuantity: Quantity }[];
};

/** What the profile says of one observation, as a list of broken rules (empty: conforms). */
export function profileProblems(o: Observation): string[] {
  const problems: string[] = [];
  const name = o.meta?.profile?.[0]?.replace(BASE, '') ?? '';
  const profile = PROFILES[name];
  if (!profile) return [`claims no vital-signs profile (${o.meta?.profile})`];
  if (!['registered', 'preliminary', 'final', 'amended'].includes(o.status)) problems.push(`status ${o.status}`);
  const vsCat = o.category.some((c) =>
    c.coding.some(
      (x) => x.system === 'http://terminology.hl7.org/CodeSystem/observation-category' && x.code === 'vital-signs',
    ),
  );
  if (!vsCat) problems.push('no vital-signs category');
  if (!o.code.coding.some((c) => c.system === 'http://loinc.org' && c.code === profile.code))
    problems.push(`${name}: no LOINC ${profile.code}`);
  if (!o.subject?.reference) problems.push('no subject');
  if (!o.effectiveDateTime) problems.push('no effective time');
  const ucum = (q: Quantity | undefined, units: string[], what: string) => {
    if (!q || typeof q.value !== 'number') problems.push(`${what}: no value`);
    else if (q.system !== 'http://unitsofmeasure.org' || !units.includes(q.code))
      problems.push(`${what}: unit ${q.system} ${q.code}`);
  };
  if (profile.components) {
    for (const [code, unit] of Object.entries(profile.components)) {
      const c = o.component?.find((x) => x.code.coding.some((y) => y.system === 'http://loinc.org' && y.code === code));
      if (!c) problems.push(`${name}: no component ${code}`);
      else ucum(c.valueQuantity, [unit], `${name} ${code}`);
    }
  } else ucum(o.valueQuantity, profile.units, name);
  return problems;
}
