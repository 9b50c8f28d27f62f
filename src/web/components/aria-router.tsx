import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router-dom';

/** React Router's useHref would turn 'mailto:…' into '/mailto:…'; external URLs pass through unchanged. */
function useLinkHref(href: string): string {
  const routed = useHref(href);
  return /^[a-z][a-z\d+.-]*:/i.test(href) ? href : routed;
}

/** Lets react-aria links and buttons with href navigate through React Router instead of reloading. */
export function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(href) => navigate(href)} useHref={useLinkHref}>
      {children}
    </RouterProvider>
  );
}
