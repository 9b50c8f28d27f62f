// PLACEHOLDER — the auth helper replaces this file with the real guards.
import type { ReactNode } from 'react';
export function RequireSession({ children }: { area: 'admin' | 'user'; children: ReactNode }) {
  return <>{children}</>;
}
export function RedirectIfSignedIn({ children }: { only?: 'admin'; children: ReactNode }) {
  return <>{children}</>;
}
export function SessionIndexRedirect(_: { area: 'admin' | 'user' }) {
  return null;
}
