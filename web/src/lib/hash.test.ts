import { describe, expect, it } from 'vitest';
import { passdigest } from './hash';

describe('passdigest', () => {
  it('is the lowercase hex SHA-256 of the UTF-8 bytes', async () => {
    expect(await passdigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await passdigest('Demo1234!')).toBe('7dbb7f051b44d7d54584a7bc6c32f00da5a3b5e6973485b9fb176fe56346b3e3');
    // Non-ASCII: the UTF-8 bytes are hashed, not UTF-16 code units.
    expect(await passdigest('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
  });
});
