import { z } from 'zod';

/**
 * zod for the browser. Without `jitless`, zod probes for `new Function` on its first parse, which
 * the Content-Security-Policy forbids (and the browser reports as a violation): schemas are
 * interpreted instead, which is as fast as the browser needs. Import `z` from here, not from 'zod'.
 */
z.config({ jitless: true });

export { z };
