import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTransition, Suspense, useState, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../lib/preloadable';
import { PendingBar } from './pending-bar';

/** A screen's module that arrives when the test says so. */
function slowModule() {
  let arrive!: () => void;
  const arrived = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: () => <p>Next screen</p> });
  });
  return { load: () => arrived, arrive };
}

/** An old screen, and a Go button that navigates to `Next` in a transition, as the router does. */
function Navigator({ Next }: { Next: ComponentType }) {
  const [there, setThere] = useState(false);
  return (
    <>
      <PendingBar />
      <button onClick={() => startTransition(() => setThere(true))}>Go</button>
      <Suspense fallback={<p>Loading…</p>}>{there ? <Next /> : <p>Old screen</p>}</Suspense>
    </>
  );
}

describe('PendingBar', () => {
  it('shows while a navigation waits for the next screen’s code, with the old screen still on view', async () => {
    const next = slowModule();
    const { Component: Next } = preloadable(next.load);
    render(<Navigator Next={Next} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    // The transition keeps the old screen; the bar says the next one is coming.
    expect(await screen.findByRole('progressbar', { name: 'Opening the next screen' })).toBeInTheDocument();
    expect(screen.getByText('Old screen')).toBeInTheDocument();
    await act(async () => next.arrive());
    expect(await screen.findByText('Next screen')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('stays hidden for a screen whose code came ahead', async () => {
    const next = slowModule();
    const { Component: Next, preload } = preloadable(next.load);
    next.arrive();
    await preload();
    render(<Navigator Next={Next} />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Next screen')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
