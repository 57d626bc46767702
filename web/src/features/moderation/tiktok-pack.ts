/** The pack as the owner pastes it into TikTok: the caption, a blank line, the hashtags. */
export function packText(pack: { caption: string; hashtags: readonly string[] }): string {
  return [pack.caption, pack.hashtags.join(' ')].filter(Boolean).join('\n\n');
}

/** The downloaded pack's file name, one per post. */
export const packFileName = (postId: string): string => `tiktok-pack-${postId.slice(0, 8)}.txt`;

/** Hands the pack to the browser as a .txt download. */
export function downloadPack(postId: string, text: string): void {
  const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = packFileName(postId);
  link.click();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
