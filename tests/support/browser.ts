import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const chromiumMissing = existsSync(CHROMIUM)
  ? null
  : `Chromium is not installed at ${CHROMIUM} (apt-get install chromium)`;

/**
 * Debian's Chromium, headless, with no network chatter of its own. Playwright gives every launch
 * a fresh temporary profile.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
