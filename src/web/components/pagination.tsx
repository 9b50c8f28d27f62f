import { Button } from 'react-aria-components';
import { pageWindow } from '../lib/page-window';
import styles from './pagination.module.css';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Users pages'. */
  label: string;
  /** The users screen has no 'First' button (product-spec-1 §2); activity tables do. */
  withFirst?: boolean;
};

/** Previous / page numbers with ellipses / next / last. Hidden when everything fits on one page. */
export function Pagination({ page, totalPages, onPageChange, label, withFirst = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  const go = (target: number) => () => onPageChange(Math.min(Math.max(1, target), totalPages));
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  return (
    <nav aria-label={label} className={styles.pagination}>
      {withFirst ? (
        <Button className={styles.edge} isDisabled={atStart} onPress={go(1)}>
          First
        </Button>
      ) : null}
      <Button className={styles.edge} isDisabled={atStart} onPress={go(page - 1)}>
        Previous
      </Button>
      <ul className={styles.pages}>
        {pageWindow(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                className={styles.page}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                data-current={item === page || undefined}
                onPress={go(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <Button className={styles.edge} isDisabled={atEnd} onPress={go(page + 1)}>
        Next
      </Button>
      <Button className={styles.edge} isDisabled={atEnd} onPress={go(totalPages)}>
        Last
      </Button>
    </nav>
  );
}
