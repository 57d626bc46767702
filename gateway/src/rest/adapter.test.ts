import { describe, expect, it } from 'vitest';
import { restMessage } from './adapter.js';

describe('the message a REST caller reads', () => {
  it('names the field of the JSON body that has the wrong type, not a GraphQL variable', () => {
    expect(
      restMessage(
        'Variable "$input" got invalid value 3 at "input.enabled"; Boolean cannot represent a non boolean value: 3',
      ),
    ).toBe('enabled must be true or false');
    expect(
      restMessage(
        'Variable "$input" got invalid value 1 at "input.contentTopics[0]"; String cannot represent a non string value: 1',
      ),
    ).toBe('contentTopics[0] must be text');
    expect(
      restMessage(
        'Variable "$input" got invalid value "x" at "input.postsPerDay"; Int cannot represent non-integer value: "x"',
      ),
    ).toBe('postsPerDay must be a whole number');
  });

  it('passes a service’s own message as it is', () => {
    expect(restMessage('Please select a platform')).toBe('Please select a platform');
  });
});
