import { PlatformError } from './port.js';

export interface PlatformResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null when the body was empty or not JSON. */
  body: Record<string, unknown> | null;
}

/**
 * One HTTP call to a platform with a deadline. A timeout or a lost connection is `transient`;
 * `maybeDone` says whether the request could have reached the platform (anything but a GET).
 */
export async function platformCall(
  label: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<PlatformResponse> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new PlatformError({
      kind: 'transient',
      reason: timedOut ? `${label} did not answer within ${timeoutMs} ms` : `Could not reach ${label}`,
      maybeDone: init.method !== 'GET',
    });
  }
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> | null;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body };
}

/** A 5xx, or an answer that is not what the documented API returns: try again later. */
export function transientAnswer(label: string, response: PlatformResponse, method: 'GET' | 'POST'): PlatformError {
  return new PlatformError({
    kind: 'transient',
    reason: `${label} answered ${response.status}; Brandloom will try again`,
    maybeDone: method !== 'GET' && response.status >= 500,
  });
}

export const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;
