import { useId, type ReactNode } from 'react';
import styles from './panel.module.css';

type PanelProps = {
  title: string;
  /** Controls in the panel header, e.g. 'View All'. */
  actions?: ReactNode;
  /** Small status next to the title, e.g. a 'Live' tag. */
  badge?: ReactNode;
  children: ReactNode;
};

/** A titled card section of a page; a landmark named by its heading. */
export function Panel({ title, actions, badge, children }: PanelProps) {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <div className={styles.header}>
        <h2 id={id} className={styles.title}>
          {title}
          {badge}
        </h2>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
