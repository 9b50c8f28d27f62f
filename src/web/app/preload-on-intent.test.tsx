import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadOnIntent } from './preload-on-intent';

describe('preloadOnIntent', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  function links() {
    render(
      <nav>
        <a href="/doctor/patients/p-1/medical-records">
          <span>Medical Records</span>
        </a>
        <a href="https://elsewhere.example/doctor/patients">Elsewhere</a>
        <button type="button">Not a link</button>
      </nav>,
    );
  }

  it("fetches a link's screen when the pointer comes over it, from any element inside it", () => {
    const asked: string[] = [];
    stop = preloadOnIntent((pathname) => asked.push(pathname));
    links();
    fireEvent.pointerOver(screen.getByText('Medical Records'));
    expect(asked).toEqual(['/doctor/patients/p-1/medical-records']);
  });

  it('fetches it when the link is focused from the keyboard', () => {
    const asked: string[] = [];
    stop = preloadOnIntent((pathname) => asked.push(pathname));
    links();
    screen.getByRole('link', { name: 'Medical Records' }).focus();
    expect(asked).toEqual(['/doctor/patients/p-1/medical-records']);
  });

  it("leaves other origins' links, what is not a link, and stops when asked", () => {
    const asked: string[] = [];
    stop = preloadOnIntent((pathname) => asked.push(pathname));
    links();
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Not a link' }));
    stop();
    fireEvent.pointerOver(screen.getByText('Medical Records'));
    expect(asked).toEqual([]);
  });
});
