import { expect, vi } from 'vitest';
import type { SiteClient, UserBody } from './browser-client.js';

/**
 * The signed-in user once billing has started their trial. Billing hears of a registration
 * through the bus a moment after the account exists, so this polls `/api/auth/user` as the web
 * app does; it fails when the trial never shows.
 */
export async function userWithTrial(browser: SiteClient, timeoutMs = 10_000): Promise<UserBody> {
  let user: UserBody | undefined;
  await vi.waitFor(
    async () => {
      const response = await browser.get('/api/auth/user');
      expect(response.status).toBe(200);
      user = (await response.json()) as UserBody;
      expect(user.subscriptionStatus).toBe('trial');
    },
    { timeout: timeoutMs, interval: 50 },
  );
  return user!;
}
