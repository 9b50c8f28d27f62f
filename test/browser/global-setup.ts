import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions } from './helpers/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, which every browser test file connects to (playwright's protocol). */
    chromiumWsEndpoint?: string;
  }
}

/**
 * One Chromium for the whole browser project instead of one per file: files connect to it and each
 * opens fresh contexts (no storage shared between tests), so only the start-up is shared.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer(await chromiumLaunchOptions());
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
