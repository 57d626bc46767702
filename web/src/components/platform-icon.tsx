import { Icon } from '@chakra-ui/react';
import { AtSign, Camera, Music, ThumbsUp, type LucideIcon } from 'lucide-react';
import { isPlatformKey, platformLabel, type PlatformKey } from '../lib/platforms';

const platformIcons: Record<PlatformKey, LucideIcon> = {
  twitter: AtSign,
  instagram: Camera,
  tiktok: Music,
  facebook: ThumbsUp,
};

/** A platform's icon, named for screen readers. */
export function PlatformIcon({ platform }: { platform: string }) {
  const Glyph = isPlatformKey(platform) ? platformIcons[platform] : AtSign;
  return (
    <Icon color="fg.muted" aria-label={platformLabel(platform)} role="img" boxSize="4">
      <Glyph />
    </Icon>
  );
}
