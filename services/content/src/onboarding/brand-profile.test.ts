import { DomainError } from '@brandloom/runtime';
import { describe, expect, it } from 'vitest';
import { asClockTime, shopDescriptionMessages as messages } from '@brandloom/proto-events/forms';
import { parseBrandProfileAnswer, parseDraftRequest, unreadableAnswerMessage } from './brand-profile.js';

const answer = (profile: unknown) => `Here you go:\n\`\`\`json\n${JSON.stringify(profile)}\n\`\`\``;

describe('a brand profile answer from the model', () => {
  it('is read from inside a code fence, tags and times normalised', () => {
    expect(
      parseBrandProfileAnswer(
        answer({
          brandVoice: '  warm and playful ',
          contentGuidelines: 'Show the product.',
          defaultHashtags: ['bakery', '#bakery', '#real bread', ''],
          postingTimes: ['17:00', '7:30', '25:00', 'noon', '07:30'],
        }),
      ),
    ).toEqual({
      brandVoice: 'warm and playful',
      contentGuidelines: 'Show the product.',
      defaultHashtags: ['#bakery', '#realbread'],
      postingTimes: ['07:30', '17:00'],
    });
  });

  it('is held to what Brand Settings accepts', () => {
    const draft = parseBrandProfileAnswer(
      answer({
        brandVoice: 'v'.repeat(300),
        contentGuidelines: 'g'.repeat(5000),
        defaultHashtags: Array.from({ length: 40 }, (_, i) => `#tag${i}`),
        postingTimes: ['06:00', '07:00', '08:00', '09:00', '10:00', '11:00', '12:00'],
      }),
    );
    expect(draft.brandVoice).toHaveLength(100);
    expect(draft.contentGuidelines).toHaveLength(2000);
    expect(draft.defaultHashtags).toHaveLength(10);
    expect(draft.postingTimes).toHaveLength(6);
  });

  it('without lists still gives a voice, with empty lists', () => {
    expect(parseBrandProfileAnswer('{"brandVoice":"calm"}')).toEqual({
      brandVoice: 'calm',
      contentGuidelines: '',
      defaultHashtags: [],
      postingTimes: [],
    });
  });

  it.each([
    ['prose', 'Your voice should be warm.'],
    ['broken JSON', '{"brandVoice": "warm",'],
    ['no voice', '{"contentGuidelines": "x"}'],
    ['an empty voice', '{"brandVoice": "   "}'],
    ['a list that is not one', '{"brandVoice": "warm", "defaultHashtags": "#a #b"}'],
  ])('is refused with a clear message when it is %s', (_, text) => {
    expect(() => parseBrandProfileAnswer(text)).toThrow(
      new DomainError(unreadableAnswerMessage, 'SERVICE_UNAVAILABLE'),
    );
  });
});

describe('the owner’s description', () => {
  it('is trimmed and kept', () => {
    expect(parseDraftRequest({ description: '  We sell sourdough to busy parents nearby.  ' })).toEqual({
      description: 'We sell sourdough to busy parents nearby.',
    });
  });

  it.each([
    [{}, messages.missing],
    [{ description: '   ' }, messages.missing],
    [{ description: 'We sell bread.' }, messages.tooShort],
    [{ description: 'x'.repeat(2001) }, messages.tooLong],
    [{ description: 42 }, messages.missing],
  ])('is refused when it is %j', (input, message) => {
    expect(() => parseDraftRequest(input)).toThrow(message);
  });
});

describe('a clock time', () => {
  it.each([
    ['9:05', '09:05'],
    [' 23:59 ', '23:59'],
    ['24:00', null],
    ['12:60', null],
    ['9am', null],
  ])('%j reads as %j', (text, time) => {
    expect(asClockTime(text)).toBe(time);
  });
});
