/** The shared protocol map (utils/shared/protocol-map.ts) and the worker's zod schemas describe the same messages. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { protocol, type Protocol, type tabStateSchema, type watchRequestSchema } from '@/utils/background/protocol';
import type { ProtocolMap, TabState, WatchRequest } from '@/utils/shared/protocol-map';

/** Exactly the same keys. */
type SameKeys<A, B> = (<T>() => T extends keyof A ? 1 : 2) extends <T>() => T extends keyof B ? 1 : 2 ? true : false;
/** Each assignable to the other, with the same keys: the same shape, however it is written. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? SameKeys<A, B> : false) : false;

/** The messages whose data (as sent) or reply differ between the map and the schemas. */
type Mismatched = {
  [K in keyof Protocol]: Same<ProtocolMap[K]['data'], z.input<Protocol[K]['data']>> extends true
    ? Same<ProtocolMap[K]['reply'], z.output<Protocol[K]['reply']>> extends true
      ? never
      : K
    : K;
}[keyof Protocol];

describe('the protocol map', () => {
  // Checked by tsc (npm run check): a message added to one side only, or typed apart, fails to compile.
  it('holds every message the worker accepts, with the same data and reply', () => {
    expectTypeOf<SameKeys<ProtocolMap, Protocol>>().toEqualTypeOf<true>();
    expectTypeOf<Mismatched>().toBeNever();
    expect(Object.keys(protocol).length).toBeGreaterThan(20);
  });

  it('holds the events port’s messages', () => {
    expectTypeOf<Same<WatchRequest, z.input<typeof watchRequestSchema>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<TabState, z.output<typeof tabStateSchema>>>().toEqualTypeOf<true>();
  });
});
