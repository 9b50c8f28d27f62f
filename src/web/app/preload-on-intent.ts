/**
 * Fetches a screen's code when a person shows they are about to open it: the pointer over a link,
 * or a link focused from the keyboard. A link's navigation keeps the page being left on screen
 * (and usable) until the next page's code has come; fetched on intent, it has usually come by the
 * click, so a press on the old page's buttons in between (a New Consultation panel that closes as
 * the records page arrives) rarely has time to happen.
 */
export function preloadOnIntent(preload: (pathname: string) => void, root: Document = document): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    preload(link.pathname);
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
  return () => {
    root.removeEventListener('pointerover', onIntent);
    root.removeEventListener('focusin', onIntent);
  };
}
