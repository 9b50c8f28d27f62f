import { describe, expect, it } from 'vitest';
import { csvFields, parsePriceCsv } from './price-csv';

describe('the price CSV', () => {
  it('reads quoted fields with commas and doubled quotes', () => {
    expect(csvFields('service,"Dressing, large","",  "1,500.00" ')).toEqual([
      'service',
      'Dressing, large',
      '',
      '1,500.00',
    ]);
    expect(csvFields('medication,"Vitamin ""C"" 100mg",,50')).toEqual(['medication', 'Vitamin "C" 100mg', '', '50']);
  });

  it('takes the header as optional and names the lines it cannot read', () => {
    const text = [
      'type,name,code,price',
      'lab,,FBC,"₦4,500"',
      'Medication,Paracetamol 500mg tablet,,150.50',
      '',
      'drink,Zobo,,100',
      'service,Registration card,,',
    ].join('\r\n');
    expect(parsePriceCsv(text)).toEqual({
      items: [
        { kind: 'lab', name: 'FBC', code: 'FBC', price: '4,500' },
        { kind: 'medication', name: 'Paracetamol 500mg tablet', code: null, price: '150.50' },
      ],
      problems: ['Line 5: type must be lab, medication or service', 'Line 6: price is required'],
    });
  });
});
