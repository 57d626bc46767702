import { z } from 'zod';

/**
 * Smart Onboarding's description of the shop, shared by the web app and the content service so
 * both say the same thing: enough to say what the shop sells and to whom, short enough to stay
 * one prompt.
 */
export const SHOP_DESCRIPTION_MIN = 30;
export const SHOP_DESCRIPTION_MAX = 2000;

export const shopDescriptionMessages = {
  missing: 'Please describe your shop: what it sells, who buys, and the tone you like.',
  tooShort: `Please tell us a little more about your shop (at least ${SHOP_DESCRIPTION_MIN} characters).`,
  tooLong: `Please keep the description to at most ${SHOP_DESCRIPTION_MAX} characters.`,
} as const;

export const shopDescriptionSchema = z
  .string({ error: shopDescriptionMessages.missing })
  .trim()
  .min(1, shopDescriptionMessages.missing)
  .min(SHOP_DESCRIPTION_MIN, shopDescriptionMessages.tooShort)
  .max(SHOP_DESCRIPTION_MAX, shopDescriptionMessages.tooLong);

/** "9:00", "09:00" or "17:30" → "HH:MM" (24-hour), as the Posting Schedule keeps peak hours; else null. */
export function asClockTime(text: string): string | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}
