import type { AppModule } from '../platform/platform';

/** Every domain module, in registration order. Each is imported through its index.ts only. */
export const modules: AppModule[] = [];
