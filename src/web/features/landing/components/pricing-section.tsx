import { ButtonLink } from '../../../components/button';
import { paths } from '../../../app/paths';
import { plans, type Plan } from '../plans';
import { CheckIcon } from './icons';
import section from './section.module.css';
import styles from './pricing-section.module.css';

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <article className={`${styles.card} ${plan.recommended ? styles.recommended : ''}`} aria-labelledby={titleId}>
      {plan.recommended ? <p className={styles.badge}>Recommended</p> : null}
      <h3 id={titleId} className={styles.name}>
        {plan.name}
      </h3>
      <p className={styles.summary}>{plan.summary}</p>
      <p className={styles.price}>
        <span className={styles.amount}>{plan.price}</span> <span className={styles.period}>{plan.period}</span>
      </p>
      <ul className={styles.features} aria-label={`${plan.name} plan includes`}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckIcon />
            {feature}
          </li>
        ))}
      </ul>
      <ButtonLink
        href={paths.onboarding}
        variant={plan.recommended ? 'primary' : 'secondary'}
        className={styles.cta}
        aria-describedby={titleId}
      >
        {plan.cta}
      </ButtonLink>
    </article>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" className={`${section.section} ${section.alt}`} aria-labelledby="pricing-title">
      <div className={section.inner}>
        <div className={section.header}>
          <h2 id="pricing-title" className={section.title} tabIndex={-1} data-section-heading>
            Pricing
          </h2>
          <p className={section.intro}>Start with a free 30-day trial. No credit card required.</p>
        </div>
        <div className={styles.grid}>
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </div>
    </section>
  );
}
