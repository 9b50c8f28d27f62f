import type { StockStatus } from '../api/inventory';
import styles from './stock-badge.module.css';

const TONE: Record<StockStatus, string> = { 'In Stock': 'in', 'Low Stock': 'low', 'Out of Stock': 'out' };

/** In Stock / Low Stock / Out of Stock (product-spec-2 §4); the words carry the meaning, the colour helps. */
export function StockBadge({ status }: { status: StockStatus }) {
  return <span className={`${styles.badge} ${styles[TONE[status]]}`}>{status}</span>;
}
