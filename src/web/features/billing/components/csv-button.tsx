import { useState } from 'react';
import { Button } from '../../../components/button';
import styles from './billing.module.css';

/** "Download CSV" for one report table: busy while the file is fetched, the failure said beside it. */
export function CsvButton({ table, download }: { table: string; download: () => Promise<void> }) {
  const [state, setState] = useState<'idle' | 'busy' | { error: string }>('idle');
  const run = async () => {
    setState('busy');
    try {
      await download();
      setState('idle');
    } catch (e) {
      setState({ error: e instanceof Error ? e.message : 'Failed to download CSV' });
    }
  };
  return (
    <span className={styles.actions}>
      {typeof state === 'object' ? (
        <span role="alert" className={styles.error}>
          {state.error}
        </span>
      ) : null}
      <Button
        variant="secondary"
        size="small"
        aria-label={`Download ${table} CSV`}
        isDisabled={state === 'busy'}
        onPress={() => void run()}
      >
        {state === 'busy' ? 'Preparing…' : 'Download CSV'}
      </Button>
    </span>
  );
}
