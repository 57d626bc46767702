import type { PostPlatform } from '@brandloom/proto-events';
import { facebookConnector, instagramConnector, type GraphSettings } from './graph.js';
import type { PlatformConnector } from './port.js';
import { tiktokConnector, type TikTokConnector } from './tiktok.js';
import { xConnector } from './x.js';

export * from './port.js';
export { oauth1Header, oauth1Signature, percentEncode } from './oauth1.js';
export { instagramMedia } from './graph.js';
export { postImage } from './media.js';
export type { TikTokConnector, TikTokDraft } from './tiktok.js';
export { xConnector, instagramConnector, facebookConnector, tiktokConnector };

export interface ConnectorSettings {
  xBaseUrl: string;
  graphBaseUrl: string;
  tiktokBaseUrl: string;
  timeoutMs: number;
  instagramDefaultImageUrl: string | null;
  /** Waits between looks at an Instagram media container still being processed. */
  containerPollMs?: number;
}

/** TikTok's connector also takes packs into the creator's drafts. */
export type Connectors = Readonly<
  Record<Exclude<PostPlatform, 'tiktok'>, PlatformConnector> & { tiktok: TikTokConnector }
>;

/** One connector per platform, each pointed at its base URL (a setting, so tests and self-hosters may move it). */
export function platformConnectors(settings: ConnectorSettings): Connectors {
  const graph: GraphSettings = {
    baseUrl: settings.graphBaseUrl,
    timeoutMs: settings.timeoutMs,
    instagramDefaultImageUrl: settings.instagramDefaultImageUrl,
    ...(settings.containerPollMs !== undefined ? { containerPollMs: settings.containerPollMs } : {}),
  };
  return {
    twitter: xConnector({ baseUrl: settings.xBaseUrl, timeoutMs: settings.timeoutMs }),
    instagram: instagramConnector(graph),
    facebook: facebookConnector(graph),
    tiktok: tiktokConnector({ baseUrl: settings.tiktokBaseUrl, timeoutMs: settings.timeoutMs }),
  };
}
