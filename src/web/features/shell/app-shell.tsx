// PLACEHOLDER — replaced by the shell helper.
import type { ReactNode } from 'react';
export default function AppShell({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
