/** Image formats a platform takes, by file extension. */
export type ImageFormat = 'jpg' | 'png' | 'webp';

const extensionsOf: Record<ImageFormat, string> = { jpg: 'jpe?g', png: 'png', webp: 'webp' };

/**
 * The image a photo post goes out with: the first image address in the text (taken out of the
 * caption), else the deployment's default image, else null. Instagram and TikTok's drafts share it.
 */
export function postImage(
  content: string,
  defaultImageUrl: string | null,
  formats: readonly ImageFormat[],
): { caption: string; imageUrl: string } | null {
  const pattern = new RegExp(
    `https?://\\S+\\.(?:${formats.map((format) => extensionsOf[format]).join('|')})(?:\\?\\S*)?`,
    'i',
  );
  const named = content.match(pattern)?.[0];
  if (named)
    return {
      caption: content
        .replace(named, '')
        .replace(/\s{2,}/g, ' ')
        .trim(),
      imageUrl: named,
    };
  if (defaultImageUrl) return { caption: content, imageUrl: defaultImageUrl };
  return null;
}
