/** The landing page's in-page anchors (product-spec-1 §2), in reading order. */
export const sections = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'contact', label: 'Contact' },
] as const;
