import express from 'express';
import { describe, expect, it } from 'vitest';
import { closeServer, listen, portOf } from './http.js';

describe('listening', () => {
  it('fails loudly when the port is taken, instead of claiming to listen', async () => {
    const first = await listen(express(), 0, '127.0.0.1');
    try {
      await expect(listen(express(), portOf(first), '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await closeServer(first);
    }
  });
});
