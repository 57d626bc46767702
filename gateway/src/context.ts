import type { RequestSession } from './sessions.js';

/** What the gateway knows about one request while it runs an operation. */
export interface GatewayContext {
  session: RequestSession;
  clientAddress: string | null;
  userAgent: string | null;
  requestId: string;
}
