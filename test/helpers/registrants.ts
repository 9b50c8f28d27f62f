import type { HttpApp } from '../../src/platform/platform';
import { randomIp, registrationCookie } from './onboard';

const REGISTER = '/api/hospital/register-with-verification';

type Payload = { email?: string; adminData?: { email?: string } };

/**
 * Public onboarding calls made as if each admin e-mail had its own browser: the cookie a
 * registration answer sets (issue 33) is kept for that registration's e-mail and sent back with
 * later calls naming the same e-mail, as the registrant's browser would. Each call comes from
 * another client address unless `ip` is given.
 */
export function browserPerEmail(app: () => HttpApp) {
  const jar = new Map<string, string>();
  const key = (p: Payload) => (p.email ?? p.adminData?.email ?? '').trim().toLowerCase();
  return async (url: string, payload: object, ip = randomIp()) => {
    const email = key(payload as Payload);
    const cookie = url === REGISTER ? undefined : jar.get(email);
    const answer = await app().inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    });
    if (url === REGISTER && answer.headers['set-cookie']) jar.set(email, registrationCookie(answer));
    return answer;
  };
}
