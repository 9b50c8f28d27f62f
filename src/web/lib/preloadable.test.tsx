import { render, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** A module loader that counts its calls, and fails the first `failures` of them. */
function loader(failures = 0) {
  const counted = { calls: 0 };
  const load = async (): Promise<{ default: ComponentType<{ name: string }> }> => {
    counted.calls += 1;
    if (counted.calls <= failures) throw new Error('chunk failed to load');
    return { default: Hello };
  };
  return { load, counted };
}

const shown = (C: ComponentType<{ name: string }>) =>
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <C name="Ada" />
    </Suspense>,
  );

describe('preloadable', () => {
  it('renders a component fetched ahead at once, without its loading state', async () => {
    const { load, counted } = loader();
    const { Component, preload } = preloadable(load);
    await preload();
    shown(Component);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(counted.calls).toBe(1);
  });

  it('shows the loading state where React.lazy would, its module fetched ahead all the same', async () => {
    const { load } = loader();
    const Lazy = lazy(load);
    await load();
    shown(Lazy);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('loads on first render when not fetched ahead, and fetches the module once', async () => {
    const { load, counted } = loader();
    const { Component, preload } = preloadable(load);
    shown(Component);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    await preload();
    expect(counted.calls).toBe(1);
  });

  it('asks again after a fetch that failed', async () => {
    const { load, counted } = loader(1);
    const { Component, preload } = preloadable(load);
    await expect(preload()).rejects.toThrow('chunk failed to load');
    await preload();
    shown(Component);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(counted.calls).toBe(2);
  });
});
