import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CircleCheck, ClipboardCopy, Download, Send } from 'lucide-react';
import { toast } from '../../components/ui/toaster';
import { userFacingMessage } from '../../lib/errors';
import { SEND_TIKTOK_PACK_MUTATION, TIKTOK_PACK_QUERY } from './graphql';
import { packFileName, packText } from './tiktok-pack';

/** Hands the pack to the browser as a .txt download. */
function downloadPack(postId: string, text: string): void {
  const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = packFileName(postId);
  link.click();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A TikTok post's content pack: TikTok posts go out by the owner, so Moderation hands over the
 * caption and hashtags to copy or download, and puts them in the creator's drafts where the saved
 * token allows. Asked per card, only for TikTok posts.
 */
export function TikTokPackBox({ postId }: { postId: string }) {
  const query = useQuery(TIKTOK_PACK_QUERY, { variables: { postId }, fetchPolicy: 'cache-and-network' });
  const [send, sending] = useMutation(SEND_TIKTOK_PACK_MUTATION);
  const pack = query.data?.tiktokContentPack;
  // Content's post reaches publishing a moment after it is made; until then there is no pack.
  if (!pack) return null;
  const text = packText(pack);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The caption and hashtags are on your clipboard.' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy; select the caption instead.', variant: 'destructive' });
    }
  };
  const sendToDrafts = async () => {
    try {
      await send({ variables: { postId } });
      // The pack has no id the cache could merge the answer by: ask for it again.
      await query.refetch();
      toast({ title: 'Sent to TikTok drafts', description: 'Open TikTok to finish and post it.' });
    } catch (error) {
      toast({
        title: 'Error',
        description: userFacingMessage(error, 'Could not send the pack to TikTok. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Box as="section" aria-label="TikTok content pack" bg="bg.muted" borderRadius="lg" p="3">
      <HStack mb="2">
        <Text fontWeight="semibold" textStyle="sm">
          TikTok content pack
        </Text>
        {pack.uploadedToDrafts && (
          <Badge colorPalette="green" ms="auto">
            <CircleCheck size={12} /> In your TikTok drafts
          </Badge>
        )}
      </HStack>
      <Text whiteSpace="pre-wrap" textStyle="sm" data-testid="tiktok-pack-text">
        {text}
      </Text>
      <HStack wrap="wrap" gap="2" mt="3">
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          <ClipboardCopy size={14} /> Copy caption
        </Button>
        <Button size="sm" variant="outline" onClick={() => downloadPack(postId, text)}>
          <Download size={14} /> Download pack
        </Button>
        {!pack.uploadedToDrafts && (
          <Button size="sm" colorPalette="brand" loading={sending.loading} onClick={() => void sendToDrafts()}>
            <Send size={14} /> Send to TikTok drafts
          </Button>
        )}
      </HStack>
    </Box>
  );
}
