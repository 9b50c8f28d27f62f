import type { PriceInput, PriceKind } from '../api/prices-api';

/** The columns of a price CSV, as the Price list's template has them. */
export const PRICE_CSV_HEADER = 'type,name,code,price';

const KINDS: Record<string, PriceKind> = {
  lab: 'lab',
  'lab test': 'lab',
  test: 'lab',
  medication: 'medication',
  drug: 'medication',
  service: 'service',
};

/** One CSV record's fields: quoted fields may hold commas and doubled quotes. */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/**
 * A price CSV (type,name,code,price; the header line optional; `₦` and thousands commas in a quoted
 * price allowed) as the items to send, and the lines it could not read. The server checks each item
 * again and names the row of anything it refuses.
 */
export function parsePriceCsv(text: string): { items: PriceInput[]; problems: string[] } {
  const items: PriceInput[] = [];
  const problems: string[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    const [type = '', name = '', code = '', price = ''] = csvFields(raw);
    if (i === 0 && type.toLowerCase() === 'type') return;
    const kind = KINDS[type.toLowerCase()];
    const row = `Line ${i + 1}`;
    if (!kind) return problems.push(`${row}: type must be lab, medication or service`);
    if (!name && !(kind === 'lab' && code)) return problems.push(`${row}: name is required`);
    const amount = price.replace(/[₦\s]/g, '');
    if (!amount) return problems.push(`${row}: price is required`);
    items.push({ kind, name: name || code, code: code || null, price: amount });
  });
  return { items, problems };
}
