import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate, type NavigateOptions } from 'react-router-dom';

// react-aria links pass `routerOptions` (e.g. history state) on to React Router's navigate.
declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** React Router's useHref would turn 'mailto:…' into '/mailto:…'; external URLs pass through unchanged. */
function useLinkHref(href: string): string {
  const routed = useHref(href);
  return /^[a-z][a-z\d+.-]*:/i.test(href) ? href : routed;
}

/** Lets react-aria links and buttons with href navigate through React Router instead of reloading. */
export function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(href, options) => navigate(href, options)} useHref={useLinkHref}>
      {children}
    </RouterProvider>
  );
}
