import type { ComponentType } from 'react';
import { ChartIcon, HistoryIcon, RecordIcon, ShieldIcon, SupportIcon, UsersIcon } from './icons';
import section from './section.module.css';
import styles from './features-section.module.css';

type Feature = { title: string; description: string; Icon: ComponentType };

const features: Feature[] = [
  {
    title: 'User management',
    description:
      'Add your staff and give each one a role: doctor, nurse, receptionist, lab technician, pharmacist or accountant. Everyone sees the tools for their job.',
    Icon: UsersIcon,
  },
  {
    title: 'Patient care records',
    description:
      'Register patients once and keep their consultations, prescriptions, lab requests and vital signs together in one record.',
    Icon: RecordIcon,
  },
  {
    title: 'Analytics',
    description:
      'Dashboards for every role show patient status and recent activity, and update live as your team works.',
    Icon: ChartIcon,
  },
  {
    title: 'Compliant security',
    description:
      'Role-based access, strongly hashed passwords, sessions that end when left idle, and each hospital’s data kept apart.',
    Icon: ShieldIcon,
  },
  {
    title: '24/7 support',
    description: 'Our support team answers around the clock, whenever your hospital needs help.',
    Icon: SupportIcon,
  },
  {
    title: 'Full audit trail',
    description:
      'Every change is recorded as an event that is never overwritten, so a compliance officer can replay the history of any record step by step.',
    Icon: HistoryIcon,
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className={section.section} aria-labelledby="features-title">
      <div className={section.inner}>
        <div className={section.header}>
          <h2 id="features-title" className={section.title} tabIndex={-1} data-section-heading>
            Features
          </h2>
          <p className={section.intro}>One system for the whole hospital, from the front desk to the pharmacy.</p>
        </div>
        <ul className={styles.grid}>
          {features.map(({ title, description, Icon }) => (
            <li key={title} className={styles.card}>
              <span className={styles.icon}>
                <Icon />
              </span>
              <h3 className={styles.title}>{title}</h3>
              <p className={styles.description}>{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
