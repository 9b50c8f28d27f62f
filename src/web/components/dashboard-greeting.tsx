import type { ReactNode } from 'react';
import { greetingFor, longDate } from '../lib/dates';
import styles from './dashboard-greeting.module.css';

type DashboardGreetingProps = {
  title: string;
  name: string;
  /** Buttons shown beside the title, e.g. 'Register Patient'. */
  actions?: ReactNode;
  now?: Date;
};

/** The page heading of a dashboard: its title, a greeting with the person's name and today's date. */
export function DashboardGreeting({ title, name, actions, now = new Date() }: DashboardGreetingProps) {
  return (
    <div className={styles.greeting}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.line}>
          {greetingFor(now)}, {name}. Today is {longDate(now)}.
        </p>
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
