import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './web-app.js';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, then the plain file', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')?.encoding).toBe('br');
    expect(chooseEncoding('gzip, deflate')?.encoding).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
  });

  it('follows q-values: q=0 refuses an encoding, a higher q wins', () => {
    expect(chooseEncoding('br;q=0, gzip')?.encoding).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')?.encoding).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('BR')?.encoding).toBe('br');
  });

  it('reads * as every encoding not named', () => {
    expect(chooseEncoding('*')?.encoding).toBe('br');
    expect(chooseEncoding('br;q=0, *')?.encoding).toBe('gzip');
    expect(chooseEncoding('identity, *;q=0')).toBeNull();
  });
});
