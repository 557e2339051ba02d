/**
 * Faults a test can switch on in the double, for one endpoint or all of them, for the next N requests or
 * until cleared. Latency faults add a delay and let the request go on; a redirect answers before the key is looked at
 * (as a proxy in front of the service would); every other kind replaces the answer.
 */
import { z } from 'zod';
import { ROUTE_NAMES, type RouteName } from './routes';

export const FAULT_KINDS = [
  'latency',
  'unauthorized',
  'rate-limit',
  'server-error',
  'hang',
  'drop',
  'malformed-json',
  'truncated',
  'wrong-content-type',
  'wrong-shape',
  'status-failure',
  'redirect',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const faultSpecSchema = z.object({
  kind: z.enum(FAULT_KINDS),
  /** A route's name (routes.ts), or '*' for every endpoint. */
  endpoint: z.union([z.enum(ROUTE_NAMES), z.literal('*')]).default('*'),
  /** How many requests it applies to; omitted means until cleared. */
  count: z.int().positive().optional(),
  /** latency: added delay. */
  delayMs: z
    .int()
    .nonnegative()
    .max(30 * 60_000)
    .optional(),
  /** latency: extra delay for each claim or bullet point in the request, to model work that scales. */
  perItemMs: z.int().nonnegative().optional(),
  /** rate-limit: the Retry-After header, in seconds. */
  retryAfterSeconds: z.number().nonnegative().optional(),
  /** server-error: 500, 502 or 503. */
  httpStatus: z.union([z.literal(500), z.literal(502), z.literal(503)]).optional(),
  /** redirect: where to (by default, the same path at localhost: another origin, the double again). */
  location: z.string().optional(),
  /** status-failure: the message in the body. */
  message: z.string().optional(),
});
export type FaultSpec = z.input<typeof faultSpecSchema>;
type Fault = z.output<typeof faultSpecSchema> & { id: number; used: number };

export class FaultBook {
  private faults: Fault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): number {
    const parsed = faultSpecSchema.parse(spec);
    const id = this.nextId++;
    this.faults.push({ ...parsed, id, used: 0 });
    return id;
  }

  remove(id: number): void {
    this.faults = this.faults.filter((fault) => fault.id !== id);
  }

  clear(): void {
    this.faults = [];
  }

  list(): ReadonlyArray<Readonly<Fault>> {
    return this.faults;
  }

  /**
   * The faults for one request: the total added latency, and the first answer-replacing fault, if any.
   * Each fault that applies uses up one of its count.
   */
  take(endpoint: RouteName, items: number): { delayMs: number; fault?: Fault } {
    let delayMs = 0;
    let answer: Fault | undefined;
    for (const fault of this.faults) {
      if (fault.kind === 'redirect' || (fault.endpoint !== '*' && fault.endpoint !== endpoint)) continue;
      if (fault.kind === 'latency') {
        delayMs += (fault.delayMs ?? 0) + (fault.perItemMs ?? 0) * items;
        fault.used++;
      } else if (!answer) {
        answer = fault;
        fault.used++;
      }
    }
    this.faults = this.faults.filter((fault) => fault.count === undefined || fault.used < fault.count);
    return { delayMs, fault: answer };
  }

  /** The redirect fault for a request to this endpoint, if one is on (it uses up one of its count). */
  takeRedirect(endpoint: RouteName): Fault | undefined {
    const fault = this.faults.find(
      (candidate) => candidate.kind === 'redirect' && (candidate.endpoint === '*' || candidate.endpoint === endpoint),
    );
    if (!fault) return undefined;
    fault.used++;
    this.faults = this.faults.filter((other) => other.count === undefined || other.used < other.count);
    return fault;
  }
}
