import type { FaultSpec } from './faults';

/**
 * Latency shaped like a language-model service: detection takes seconds, verification more per claim.
 * The figures are our estimate (the spec publishes none); the measurements in issue notes use them.
 */
export const REALISTIC_LATENCY: FaultSpec[] = [
  { kind: 'latency', endpoint: 'detectClaims', delayMs: 3000 },
  { kind: 'latency', endpoint: 'factCheckClaims', delayMs: 2500, perItemMs: 1200 },
  { kind: 'latency', endpoint: 'detectAndVerifyClaims', delayMs: 5000, perItemMs: 1500 },
  { kind: 'latency', endpoint: 'rephraseText', delayMs: 1500 },
  { kind: 'latency', endpoint: 'extendText', delayMs: 2000 },
  { kind: 'latency', endpoint: 'paragraphFromBulletPoints', delayMs: 2000 },
  { kind: 'latency', endpoint: 'paragraphFromKeywords', delayMs: 2000 },
  { kind: 'latency', endpoint: 'generateGrounded', delayMs: 8000 },
  { kind: 'latency', endpoint: 'productCopies', delayMs: 5000 },
  { kind: 'latency', endpoint: 'listBrandVoices', delayMs: 300 },
  { kind: 'latency', endpoint: 'listAssets', delayMs: 300 },
  { kind: 'latency', endpoint: 'uploadFile', delayMs: 1000 },
];
