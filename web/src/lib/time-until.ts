/**
 * A queued post's time as the queue shows it (spec §2): 'In 2h 5m' ahead, 'Overdue' once passed.
 * Minutes round up, so a post due in 30 s is 'In 0h 1m', never 'In 0h 0m'.
 */
export function timeUntil(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  if (!(diff > 0)) return 'Overdue';
  const minutes = Math.ceil(diff / 60_000);
  return `In ${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
