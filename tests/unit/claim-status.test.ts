import { describe, expect, it } from 'vitest';
import { claimStatus } from '@/utils/shared/claim-status';

describe('claimStatus', () => {
  it.each([
    [{ result: { verdict: 'refuted' as const } }, { running: true }, ['refuted', '✗', 'False']],
    [{ result: null }, { running: true }, ['checking', '…', 'Checking']],
    // A check that ended (failed, cancelled) leaves its claims not checked, never "Checking".
    [{ result: null }, { running: false }, ['not-checked', '–', 'Not checked']],
    [{ result: null, missing: true }, { running: false }, ['missing', '–', 'No verdict returned']],
    [
      { result: null, unreadable: { problem: 'p', raw: 'r' } },
      { running: false },
      ['unreadable', '!', 'The service’s answer for this claim could not be read'],
    ],
    [{ result: null }, { running: false, detectOnly: true }, ['detected', '•', 'Detected']],
  ])('%j while %j', (claim, context, [kind, icon, label]) => {
    expect(claimStatus(claim, context)).toEqual({ kind, icon, label });
  });
});
