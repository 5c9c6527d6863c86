import { describe, expect, it } from 'vitest';
import { totp } from './totp';

// RFC 6238 appendix B test vector (SHA-1 secret "12345678901234567890").
describe('totp helper', () => {
  it('matches the RFC 6238 vectors', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totp(secret, 59_000, 30, 8)).toBe('94287082');
    expect(totp(secret, 1_111_111_109_000, 30, 8)).toBe('07081804');
    expect(totp(secret, 20_000_000_000_000, 30, 8)).toBe('65353130');
  });
});
