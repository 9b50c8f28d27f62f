/**
 * Tests only: where the EventStoreDB contract tests can find a server. EVENTSTORE_URL wins;
 * otherwise a throwaway container if testcontainers finds a container runtime. Detection is
 * bounded so a machine without Docker skips those tests quickly instead of hanging.
 */
export type EsdbServer = { connectionString: string; stop: () => Promise<void> };

export type EsdbAvailability =
  { available: true; start: () => Promise<EsdbServer> } | { available: false; reason: string };

const IMAGE = 'eventstore/eventstore:24.10';
const DETECT_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function findEsdb(env: NodeJS.ProcessEnv = process.env): Promise<EsdbAvailability> {
  const url = env.EVENTSTORE_URL?.trim();
  if (url) return { available: true, start: async () => ({ connectionString: url, stop: async () => undefined }) };
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await withTimeout(getContainerRuntimeClient(), DETECT_TIMEOUT_MS, `no answer within ${DETECT_TIMEOUT_MS} ms`);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      available: false,
      reason: `EventStoreDB contract tests skipped: EVENTSTORE_URL is not set and no container runtime was found (${why})`,
    };
  }
  return { available: true, start: startContainer };
}

async function startContainer(): Promise<EsdbServer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return {
    connectionString: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}
