import { useState } from 'react';
import { Button } from '../../../components/button';
import { Panel } from '../../../components/panel';
import { TextField } from '../../../components/text-field';
import { setPrices, type PriceInput } from '../api/prices-api';
import { parsePriceCsv, PRICE_CSV_HEADER } from './price-csv';
import styles from './prices.module.css';
import billing from '../components/billing.module.css';

type Props = { onSaved: (message: string) => void };

/** Another service (a procedure, a card): its name and price, added to the list. */
export function AddService({ onSaved }: Props) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const add = async () => {
    if (!name.trim() || !price.trim()) return setError('Enter the service and its price');
    setSaving(true);
    setError(null);
    try {
      await setPrices([{ kind: 'service', name: name.trim(), price: price.trim() }]);
      setName('');
      setPrice('');
      onSaved(`${name.trim()} added`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to save price');
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className={billing.toolbar}
      aria-label="Add a service"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <TextField className={billing.grow} label="Service" value={name} onChange={setName} placeholder="e.g. Suturing" />
      <TextField className={billing.narrow} label="Price (₦)" value={price} onChange={setPrice} inputMode="decimal" />
      <Button type="submit" variant="secondary" isDisabled={saving}>
        Add Service
      </Button>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Prices from a CSV file (type,name,code,price): read here, checked and saved by the server. */
export function PriceImport({ onSaved }: Props) {
  const [items, setItems] = useState<PriceInput[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const read = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parsePriceCsv(await file.text());
    setItems(parsed.items);
    setProblems(parsed.items.length ? parsed.problems : [...parsed.problems, 'No prices found in the file']);
  };
  const save = async () => {
    if (!items?.length) return;
    setSaving(true);
    try {
      const answer = await setPrices(items);
      setItems(null);
      setProblems([]);
      onSaved(answer.message ?? `${answer.data.changed} prices saved`);
    } catch (e) {
      const fields = (e as { errors?: { field: string; message: string }[] }).errors;
      const rows = fields?.map((f) => {
        const row = /^items\.(\d+)/.exec(f.field);
        return row ? `${items[Number(row[1])]?.name ?? 'Row'}: ${f.message}` : f.message;
      });
      setProblems(rows?.length ? rows : [e instanceof Error ? e.message : 'Failed to import prices']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Panel title="Import from CSV">
      <p className={billing.muted}>
        One price a line: <code>{PRICE_CSV_HEADER}</code>. Lab tests by their code (FBC, MRI …), medications and
        services by name; prices in naira.
      </p>
      <div className={billing.toolbar}>
        <label className={styles.fileLabel}>
          <span className="visually-hidden">CSV file of prices</span>
          <input
            className={styles.file}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void read(e.target.files?.[0])}
          />
        </label>
        {items?.length ? (
          <Button onPress={() => void save()} isDisabled={saving}>
            Import {items.length} {items.length === 1 ? 'price' : 'prices'}
          </Button>
        ) : null}
      </div>
      {problems.length ? (
        <ul className={styles.problems} role="alert" aria-label="Problems in the file">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
