// PLACEHOLDER — the auth helper replaces this file.
import type { ReactNode } from 'react';
export function SessionBootstrap({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
