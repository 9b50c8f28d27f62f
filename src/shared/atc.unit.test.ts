import { describe, expect, it } from 'vitest';
import { atcFor, doseUnitOf } from './atc';

describe('ATC codes for a formulary', () => {
  it('maps a hospital medication name to its WHO ATC code by the generic or brand it names', () => {
    expect(atcFor('Paracetamol 500mg tablets')?.code).toBe('N02BE01');
    expect(atcFor('Coartem 80/480')?.code).toBe('P01BF01');
    expect(atcFor('Artemether/Lumefantrine 20/120')?.code).toBe('P01BF01');
    expect(atcFor('Amoxicillin/Clavulanate 625mg')?.code).toBe('J01CR02');
    expect(atcFor('Amoxicillin 500mg caps')?.code).toBe('J01CA04');
    expect(atcFor('Metronidazole injection 500mg/100ml')?.code).toBe('J01XD01');
    expect(atcFor('Metronidazole 400mg')?.code).toBe('P01AB01');
    expect(atcFor('  SEPTRIN  480mg ')?.code).toBe('J01EE01');
  });

  it('matches whole words only and leaves an unknown medication uncoded', () => {
    expect(atcFor('Zincovit syrup')).toBeUndefined();
    expect(atcFor('Doctors kit')).toBeUndefined();
    expect(atcFor('Herbal mixture')).toBeUndefined();
    expect(atcFor('Zinc 20mg dispersible')?.code).toBe('A12CB01');
  });

  it('reads the counted unit of a dose form from the name', () => {
    expect(doseUnitOf('Paracetamol 500mg tablets')).toBe('tablet');
    expect(doseUnitOf('Amoxicillin 500mg caps')).toBe('capsule');
    expect(doseUnitOf('Amoxicillin suspension 125mg/5ml')).toBe('bottle');
    expect(doseUnitOf('Ceftriaxone 1g injection')).toBe('vial');
    expect(doseUnitOf('ORS sachet')).toBe('sachet');
    expect(doseUnitOf('Coartem 80/480')).toBe('unit');
  });
});
