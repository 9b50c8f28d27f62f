import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker-registration';

const navigatorWith = (register: (url: string, options: RegistrationOptions) => Promise<unknown>) =>
  ({ serviceWorker: { register } }) as unknown as Pick<Navigator, 'serviceWorker'>;

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole app in the built app', async () => {
    const register = vi.fn().mockResolvedValue({ scope: '/' });
    expect(await registerServiceWorker(navigatorWith(register), true)).toEqual({ scope: '/' });
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers nothing in development, where Vite serves the modules', async () => {
    const register = vi.fn();
    expect(await registerServiceWorker(navigatorWith(register), false)).toBeNull();
    expect(register).not.toHaveBeenCalled();
  });

  it('leaves the app working online when the browser has no workers or refuses one', async () => {
    expect(await registerServiceWorker({} as Pick<Navigator, 'serviceWorker'>, true)).toBeNull();
    const refused = vi.fn().mockRejectedValue(new Error('SecurityError'));
    expect(await registerServiceWorker(navigatorWith(refused), true)).toBeNull();
  });
});
