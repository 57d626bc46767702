import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

describe('the logger', () => {
  it('writes one JSON object per line with the level, message and fields', () => {
    const lines: string[] = [];
    createLogger('info', { service: 'identity' }, (line) => lines.push(line)).info('signed in', { userId: 'u1' });
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', msg: 'signed in', service: 'identity', userId: 'u1' });
  });

  it('never writes a secret, at any depth', () => {
    const lines: string[] = [];
    const logger = createLogger('debug', {}, (line) => lines.push(line));
    logger.warn('attempt', {
      password: 'hunter22',
      input: { email: 'a@b.test', apiKey: 'sk-live-123', nested: { sessionToken: 'tok' } },
      headers: { authorization: 'Bearer x', cookie: 'brandloom_session=abc' },
      passwordHash: '$argon2id$...',
    });
    expect(lines[0]).not.toMatch(/hunter22|sk-live-123|tok"|Bearer|brandloom_session=abc|argon2id/);
    expect(JSON.parse(lines[0]!).input.email).toBe('a@b.test');
  });

  it('leaves out levels below the one configured', () => {
    const lines: string[] = [];
    const logger = createLogger('warn', {}, (line) => lines.push(line));
    logger.info('chatty');
    logger.error('broken');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['broken']);
  });
});

describe('an error in the fields', () => {
  it('is logged with its stack and its cause, not only its name and message', () => {
    const lines: string[] = [];
    const cause = new Error('connection refused');
    createLogger('info', {}, (line) => lines.push(line)).error('resolver failed', {
      error: new Error('could not load the plan', { cause }),
    });
    const { error } = JSON.parse(lines[0]!);
    expect(error.message).toMatch(/could not load the plan/);
    expect(error.stack).toMatch(/logger\.test\.ts/);
    expect(JSON.stringify(error)).toMatch(/connection refused/);
  });
});
