import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

type PageHeadingProps = {
  title: string;
  /** Buttons shown beside the title, e.g. 'Register Patient'. */
  actions?: ReactNode;
};

/**
 * A screen's title and its main actions. The greeting with the person's name and today's date
 * stands once, in the shell's header, not again here.
 */
export function PageHeading({ title, actions }: PageHeadingProps) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
