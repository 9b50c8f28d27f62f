import { formatNaira, HOSPITAL_MONTHLY_NAIRA } from '../../lib/plans';

/** Pricing (product-spec-1 §9). Every plan's call to action goes to onboarding. */
export type Plan = {
  id: 'clinic' | 'hospital' | 'enterprise';
  name: string;
  price: string;
  period: string;
  summary: string;
  features: string[];
  cta: 'Get Started' | 'Contact Us';
  recommended?: boolean;
};

export const plans: Plan[] = [
  {
    id: 'clinic',
    name: 'Clinic',
    price: 'Free',
    period: 'forever',
    summary: 'For small clinics getting started.',
    features: [
      'Up to 7 users',
      'Patient management',
      'Lab management',
      'Pharmacy management',
      'Billing management',
      'Basic reporting',
    ],
    cta: 'Get Started',
  },
  {
    id: 'hospital',
    name: 'Hospital',
    price: formatNaira(HOSPITAL_MONTHLY_NAIRA),
    period: 'per month',
    summary: 'For hospitals with growing teams.',
    features: ['Unlimited users', 'Everything in Clinic'],
    cta: 'Get Started',
    recommended: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    period: 'pricing',
    summary: 'For hospital groups with several sites.',
    features: ['Multi-hospital', 'API access', 'Everything in Hospital'],
    cta: 'Contact Us',
  },
];
