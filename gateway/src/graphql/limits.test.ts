import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPERATION_LIMITS, operationLimitsRule } from './limits.js';

const schema = buildSchema('type Query { me: User } type User { id: ID, name: String, friend: User }');
const problemsOf = (query: string) =>
  validate(schema, parse(query), [...specifiedRules, operationLimitsRule(DEFAULT_OPERATION_LIMITS)]).map(
    (error) => error.message,
  );

describe('the operation limits', () => {
  it('let a product-sized operation through', () => {
    expect(problemsOf('{ me { id name friend { id } } }')).toEqual([]);
  });

  it('count fields through fragments, so fragments that multiply are refused without being walked out', () => {
    // Ten levels of fragments spread three times each select 3^10 = 59,049 fields.
    const levels = Array.from(
      { length: 10 },
      (_, i) => `fragment f${i} on User { ${i === 9 ? 'id' : `...f${i + 1} ...f${i + 1} ...f${i + 1}`} }`,
    );
    expect(problemsOf(`{ me { ...f0 } } ${levels.join(' ')}`)).toContain(
      'The operation is too large: more than 500 fields. Please send a smaller query.',
    );
  });

  it('are not fooled by aliases hidden in a fragment', () => {
    const aliases = Array.from({ length: 21 }, (_, i) => `a${i}: id`).join(' ');
    expect(problemsOf(`{ me { ...many } } fragment many on User { ${aliases} }`)).toContain(
      'The operation is too large: more than 20 aliases. Please send a smaller query.',
    );
  });

  it('leave a fragment cycle to graphql, without walking it forever', () => {
    expect(problemsOf('{ me { ...a } } fragment a on User { friend { ...b } } fragment b on User { ...a }')).toEqual([
      'Cannot spread fragment "a" within itself via "b".',
    ]);
  });
});
