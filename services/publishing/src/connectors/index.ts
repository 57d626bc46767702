import type { PostPlatform } from '@brandloom/proto-events';
import { facebookConnector, instagramConnector, type GraphSettings } from './graph.js';
import type { PlatformConnector } from './port.js';
import { tiktokConnector } from './tiktok.js';
import { xConnector } from './x.js';

export * from './port.js';
export { oauth1Header, oauth1Signature, percentEncode } from './oauth1.js';
export { instagramMedia } from './graph.js';
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

export type Connectors = Readonly<Record<PostPlatform, PlatformConnector>>;

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
