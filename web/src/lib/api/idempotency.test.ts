import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, useIdempotencyKey } from './idempotency';

describe('idempotency keys', () => {
  it('are random printable ASCII within the server limit', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[ -~]{1,255}$/);
  });

  it('stay the same for one form until a success renews them', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current.current();
    rerender();
    // a retry after a network error sends the same key
    expect(result.current.current()).toBe(first);
    result.current.renew();
    const second = result.current.current();
    expect(second).not.toBe(first);
    expect(result.current.current()).toBe(second);
  });

  it('differ between two form instances', () => {
    const one = renderHook(() => useIdempotencyKey()).result.current.current();
    const two = renderHook(() => useIdempotencyKey()).result.current.current();
    expect(one).not.toBe(two);
  });
});
