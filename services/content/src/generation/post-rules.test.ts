import { describe, expect, it } from 'vitest';
import { characterCount, hashtagsIn, platformRules, platforms } from '../platforms.js';
import { fitToPlatform, shorten } from './post-rules.js';

describe('fitting a generated post to its platform', () => {
  it('keeps a post that fits, with its hashtags at the end', () => {
    const fit = fitToPlatform('twitter', 'Morning run? Grab our new shoes! #running #fitness', {
      includeHashtags: true,
      fallbackTags: [],
    });
    expect(fit.fitAsWritten).toBe(true);
    expect(fit.post).toEqual({
      content: 'Morning run? Grab our new shoes!\n\n#running #fitness',
      hashtags: ['#running', '#fitness'],
    });
  });

  it('cuts hashtags to the maximum and tops them up to the minimum', () => {
    const many = fitToPlatform('twitter', 'Go #a #b #c #d #e #f', { includeHashtags: true, fallbackTags: [] });
    expect(many.post.hashtags).toEqual(['#a', '#b', '#c', '#d']);
    const few = fitToPlatform('instagram', 'New arrivals today #style', {
      includeHashtags: true,
      fallbackTags: ['fashion', '#shop', 'ootd', 'new in', 'sale'],
    });
    expect(few.post.hashtags).toEqual(['#style', '#fashion', '#shop', '#ootd', '#newin']);
  });

  it('drops hashtags when the owner asked for none', () => {
    const fit = fitToPlatform('facebook', 'Big sale this weekend #sale', {
      includeHashtags: false,
      fallbackTags: ['x'],
    });
    expect(fit.post).toEqual({ content: 'Big sale this weekend', hashtags: [] });
  });

  it('never returns a post over any platform’s character limit', () => {
    for (const platform of platforms) {
      const rules = platformRules[platform];
      const long = `${'word '.repeat(rules.maxCharacters)} #one #two #three #four #five #six`;
      const fit = fitToPlatform(platform, long, { includeHashtags: true, fallbackTags: ['a', 'b', 'c', 'd', 'e'] });
      expect(fit.fitAsWritten).toBe(false);
      expect(characterCount(fit.post.content)).toBeLessThanOrEqual(rules.maxCharacters);
      const tags = hashtagsIn(fit.post.content).length;
      expect(tags).toBeGreaterThanOrEqual(rules.hashtags.min);
      expect(tags).toBeLessThanOrEqual(rules.hashtags.max);
    }
  });

  it('shortens at a word boundary with an ellipsis', () => {
    expect(shorten('The quick brown fox jumps', 12)).toBe('The quick…');
    expect(shorten('short', 12)).toBe('short');
  });
});
