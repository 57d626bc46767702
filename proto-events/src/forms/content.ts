/** The tones a post can be written in (spec §9); professional is the generator's default. */
export const contentTones = [
  'professional',
  'casual',
  'humorous',
  'inspirational',
  'informative',
  'urgent',
  'friendly',
  'authoritative',
  'playful',
  'empathetic',
] as const;

export type ContentTone = (typeof contentTones)[number];
