/**
 * Brings a landing-page section into view and moves focus to its heading, so a keyboard user
 * continues from the section they asked for. Smooth unless the visitor prefers reduced motion.
 */
export function scrollToSection(id: string, doc: Document = document): boolean {
  const section = doc.getElementById(id);
  if (!section) return false;
  const reduceMotion = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('[data-section-heading]')?.focus({ preventScroll: true });
  return true;
}
