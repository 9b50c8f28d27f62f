/**
 * Plausible Nigerian patients for demos and benchmarks: Yoruba, Igbo, Hausa and other names,
 * mobile numbers on the real network prefixes, Lagos, Abuja, Kano, Port Harcourt and Ibadan
 * addresses. Deterministic for a seed, so two runs make the same people.
 */
const FIRST_MALE = [
  'Adebayo',
  'Babatunde',
  'Chinedu',
  'Chukwuemeka',
  'Emeka',
  'Ibrahim',
  'Musa',
  'Obinna',
  'Oluwaseun',
  'Segun',
  'Tunde',
  'Yusuf',
  'Abdullahi',
  'Ikechukwu',
  'Kelechi',
  'Femi',
  'Uchenna',
  'Aliyu',
  'Nnamdi',
  'Olumide',
  'Sani',
  'Tochukwu',
  'Gbenga',
  'Bashir',
  'Efosa',
  'Ekene',
  'Danjuma',
  'Ayodeji',
  'Ifeanyi',
  'Usman',
];
const FIRST_FEMALE = [
  'Adaeze',
  'Aisha',
  'Amaka',
  'Chiamaka',
  'Chioma',
  'Fatima',
  'Folake',
  'Funmilayo',
  'Halima',
  'Ifeoma',
  'Ngozi',
  'Nkechi',
  'Temitope',
  'Yetunde',
  'Zainab',
  'Bukola',
  'Hauwa',
  'Kemi',
  'Nneka',
  'Oluwakemi',
  'Blessing',
  'Ebere',
  'Hadiza',
  'Titilayo',
  'Uche',
  'Amina',
  'Omolara',
  'Adanna',
  'Safiya',
  'Osaro',
];
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Musa',
  'Nwosu',
  'Abubakar',
  'Okonkwo',
  'Balogun',
  'Danjuma',
  'Ibe',
  'Adeleke',
  'Nwachukwu',
  'Lawal',
  'Ogundipe',
  'Okoro',
  'Ayodele',
  'Obi',
  'Suleiman',
  'Afolabi',
  'Chukwu',
  'Ibrahim',
  'Oyelaran',
  'Igwe',
  'Mohammed',
  'Olawale',
  'Anyanwu',
  'Yakubu',
  'Osagie',
  'Akinola',
  'Ezeani',
  'Garba',
  'Ojo',
  'Uzor',
  'Aminu',
  'Fashola',
  'Onyeka',
  'Tijani',
  'Edet',
];
const PREFIXES = [
  '0803',
  '0806',
  '0813',
  '0816',
  '0703',
  '0706',
  '0802',
  '0808',
  '0812',
  '0701',
  '0805',
  '0807',
  '0815',
  '0905',
  '0809',
  '0817',
  '0818',
  '0909',
  '0908',
  '0902',
];
const STREETS = [
  'Awolowo Road, Ikoyi, Lagos',
  'Allen Avenue, Ikeja, Lagos',
  'Adeola Odeku Street, Victoria Island, Lagos',
  'Herbert Macaulay Way, Yaba, Lagos',
  'Ahmadu Bello Way, Garki, Abuja',
  'Aminu Kano Crescent, Wuse II, Abuja',
  'Zaria Road, Kano',
  'Murtala Mohammed Way, Kano',
  'Aba Road, Port Harcourt',
  'Rumuola Road, Port Harcourt',
  'Ring Road, Ibadan',
  'Bodija Estate, Ibadan',
  'Ogui Road, Enugu',
  'Sapele Road, Benin City',
  'Oba Akran Avenue, Ikeja, Lagos',
];
const RELATIONSHIPS = ['Mother', 'Father', 'Spouse', 'Brother', 'Sister', 'Son', 'Daughter', 'Uncle', 'Friend'];

/** A small fast PRNG (mulberry32): the same seed gives the same sequence. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** How a receptionist might type a mobile number: '0803 123 4567', '+234 803 123 4567', '08031234567'. */
function phone(rnd: () => number, n: number): string {
  const prefix = pick(rnd, PREFIXES);
  // Seven digits from `n` keep every generated number distinct within a run of up to ten million.
  const rest = pad((n * 7_919 + 1_234_567) % 10_000_000, 7);
  const style = rnd();
  if (style < 0.4) return `${prefix} ${rest.slice(0, 3)} ${rest.slice(3)}`;
  if (style < 0.7) return `+234 ${prefix.slice(1)} ${rest.slice(0, 3)} ${rest.slice(3)}`;
  return `${prefix}${rest}`;
}

export type DemoPatient = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: 'Male' | 'Female';
  phoneNumber: string;
  address: string;
  identificationNumber: string;
  emergencyContactName: string | null;
  emergencyContactRelationship: string | null;
  emergencyContactPhone: string | null;
};

/** The `n`th patient of a run (0-based); `idPrefix` keeps identification numbers unique per run. */
export function demoPatient(rnd: () => number, n: number, idPrefix: string, today = new Date()): DemoPatient {
  const female = rnd() < 0.52;
  const lastName = pick(rnd, LAST);
  // Ages 0–90, more adults than children or elderly.
  const age = Math.min(90, Math.floor(Math.abs(rnd() + rnd() + rnd() - 1.5) * 60 + rnd() * 10));
  const born = new Date(Date.UTC(today.getUTCFullYear() - age, Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)));
  const withContact = rnd() < 0.8;
  return {
    firstName: pick(rnd, female ? FIRST_FEMALE : FIRST_MALE),
    lastName,
    dateOfBirth: (born > today ? today : born).toISOString().slice(0, 10),
    gender: female ? 'Female' : 'Male',
    phoneNumber: phone(rnd, n),
    address: `${1 + Math.floor(rnd() * 120)} ${pick(rnd, STREETS)}`,
    identificationNumber: `${idPrefix}${pad(n, 6)}`,
    emergencyContactName: withContact ? `${pick(rnd, rnd() < 0.5 ? FIRST_FEMALE : FIRST_MALE)} ${lastName}` : null,
    emergencyContactRelationship: withContact ? pick(rnd, RELATIONSHIPS) : null,
    emergencyContactPhone: withContact && rnd() < 0.7 ? phone(rnd, n + 5_000_000) : null,
  };
}

/** A plausible set of vitals for an adult, in the units the API takes. */
export function demoVitals(rnd: () => number) {
  const systolic = 100 + Math.floor(rnd() * 60);
  return {
    bloodPressure: `${systolic}/${60 + Math.floor(rnd() * Math.min(40, systolic - 65))}`,
    pulseRate: 58 + Math.floor(rnd() * 50),
    temperature: Math.round((36.1 + rnd() * 2.4) * 10) / 10,
    temperatureUnit: 'C' as const,
    weight: Math.round((45 + rnd() * 55) * 10) / 10,
    height: rnd() < 0.5 ? 150 + Math.floor(rnd() * 40) : null,
    respiratoryRate: rnd() < 0.6 ? 12 + Math.floor(rnd() * 10) : null,
    oxygenSaturation: 94 + Math.floor(rnd() * 7),
  };
}

/** Where a day's patients are: most waiting or seen, some further along. */
export const STATUS_SPREAD: readonly [status: string, share: number][] = [
  ['waiting', 0.3],
  ['consultation', 0.1],
  ['refer for test', 0.06],
  ['test complete', 0.06],
  ['seen', 0.3],
  ['discharged', 0.12],
  ['active', 0.04],
  ['transferred', 0.02],
];

export function demoStatus(rnd: () => number): string {
  let r = rnd();
  for (const [status, share] of STATUS_SPREAD) {
    if (r < share) return status;
    r -= share;
  }
  return 'waiting';
}
