/** Test factories: a running double, and a client pointed at it with fast retries. */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ServiceClient, type ServiceClientConfig } from '@/utils/background/api/client';
import { startServiceDouble, type ServiceDouble } from '@/service-double/server';
import { isUnreadable, type CheckResult, type CheckedClaim } from '@/utils/contract/results';

export const TEST_KEY = 'test-key-4f1c2a9e';

/** Starts one double for the file and resets it after each test. */
export function useServiceDouble(): { readonly double: ServiceDouble } {
  const holder: { double?: ServiceDouble } = {};
  beforeAll(async () => {
    holder.double = await startServiceDouble({ port: 0, keys: [TEST_KEY] });
  });
  afterEach(() => holder.double?.reset());
  afterAll(async () => holder.double?.close());
  return {
    get double() {
      if (!holder.double) throw new Error('the double is not running');
      return holder.double;
    },
  };
}

/** A client for the double; retries wait milliseconds, not seconds. */
export function clientFor(double: ServiceDouble, overrides: Partial<ServiceClientConfig> = {}): ServiceClient {
  return new ServiceClient({
    apiKey: TEST_KEY,
    baseUrl: double.url,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...overrides,
  });
}

/** Awaits a promise that must fail, and returns what it failed with. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, and it succeeded');
}

/** A check's verdicts, failing the test if any claim came back unreadable or without one. */
export function verdicts(result: CheckResult): CheckedClaim[] {
  return result.claims.map((claim, index) => {
    if (claim === null || isUnreadable(claim))
      throw new Error(`claim ${index} has no verdict: ${JSON.stringify(claim)}`);
    return claim;
  });
}
