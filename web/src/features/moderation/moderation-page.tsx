import { Alert, Badge, Box, Button, Card, HStack, Link, List, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CircleCheck, ExternalLink, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/ui/toaster';
import type { ModerationPostFragment, ModerationScreenQuery } from '../../gql/graphql';
import { isPlatformKey, platformKeys, platformLabel, platformLabels, type PlatformKey } from '../../lib/platforms';
import { autoPostingAllowed } from '../../lib/plans';
import type { CurrentUser } from '../../lib/user';
import { platformAutoPosts, postAutoPosts } from './auto-post';
import { APPROVE_POST_MUTATION, MODERATION_QUERY, REJECT_POST_MUTATION } from './graphql';
import { relativeTime } from './relative-time';
import { TikTokPackBox } from './tiktok-pack-box';

type Post = ModerationPostFragment;
type PlatformSettings = ModerationScreenQuery['brandSettings']['platformSettings'];

const platformSites: Record<PlatformKey, string> = {
  twitter: 'x.com',
  instagram: 'instagram.com',
  tiktok: 'tiktok.com',
  facebook: 'facebook.com',
};

const tabs = [
  { value: 'pending', label: 'Pending', empty: 'No posts waiting for review. Generate content to fill this queue.' },
  { value: 'approved', label: 'Approved', empty: 'No approved posts yet. Approve a pending post to see it here.' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected posts.' },
  { value: 'posted', label: 'Published', empty: 'Nothing has been published yet.' },
  { value: 'all', label: 'All', empty: 'No posts yet. Create some in the Content Generator.' },
] as const;

const statusPalette: Record<string, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  posted: 'blue',
  scheduled: 'purple',
  failed: 'red',
};
const statusLabels: Record<string, string> = { failed: 'Failed', posted: 'published' };

const settingsOf = (settings: PlatformSettings, platform: string) =>
  isPlatformKey(platform) ? settings[platform] : undefined;

export function ModerationPage({ user }: { user: CurrentUser }) {
  const query = useQuery(MODERATION_QUERY, { fetchPolicy: 'cache-and-network' });
  const [approve] = useMutation(APPROVE_POST_MUTATION);
  const [reject] = useMutation(REJECT_POST_MUTATION);
  const [busy, setBusy] = useState<string | null>(null);
  const [tab, setTab] = useState<string>('pending');

  const header = <PageHeader title="Content Moderation" subtitle="Review AI-generated posts before they go out." />;
  if (!query.data) {
    return (
      <Stack gap="6" maxW="5xl" mx="auto">
        {header}
        <QueryState error={query.error} retry={() => void query.refetch()} what="your posts" />
      </Stack>
    );
  }

  const { posts, brandSettings } = query.data;
  // What goes out by itself follows the brand's platform switches and the plan (spec §4, §6).
  const planAllows = autoPostingAllowed(user);
  const platformAuto = (platform: string) =>
    platformAutoPosts(platform, settingsOf(brandSettings.platformSettings, platform), planAllows);
  const postAuto = (post: Post) =>
    postAutoPosts(post, settingsOf(brandSettings.platformSettings, post.platform), planAllows);
  const count = (status: string) => (status === 'all' ? posts.length : posts.filter((p) => p.status === status).length);

  const decide = async (post: Post, decision: 'approve' | 'reject') => {
    setBusy(post.id);
    try {
      if (decision === 'approve') await approve({ variables: { id: post.id } });
      else await reject({ variables: { id: post.id } });
      toast(
        decision === 'approve'
          ? { title: 'Post Approved', description: 'The post is approved.' }
          : { title: 'Post Rejected', description: 'The post is rejected.' },
      );
      await query.refetch();
    } catch {
      toast({
        title: 'Error',
        description: `Failed to ${decision} post. Please try again.`,
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="6" maxW="5xl" mx="auto">
      {header}
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {[
          ['Pending Review', 'pending'],
          ['Approved', 'approved'],
          ['Rejected', 'rejected'],
          ['Published', 'posted'],
        ].map(([label, status]) => (
          <Card.Root key={status} variant="outline" borderRadius="xl">
            <Card.Body py="4">
              <Text textStyle="sm" color="fg.muted">
                {label}
              </Text>
              <Text textStyle="2xl" fontWeight="bold" data-testid={`tile-${status}`}>
                {count(status!)}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>

      <HStack
        as="section"
        aria-label="Auto-posting status"
        wrap="wrap"
        gap="4"
        borderWidth="1px"
        borderRadius="xl"
        p="3"
      >
        <Text fontWeight="medium">Auto-posting:</Text>
        {platformKeys.map((platform) => (
          <HStack
            key={platform}
            gap="1"
            color={platformAuto(platform) ? 'green.fg' : 'orange.fg'}
            data-testid={`auto-post-${platform}`}
            data-on={platformAuto(platform)}
          >
            {platformAuto(platform) ? <CircleCheck size={16} /> : <TriangleAlert size={16} />}
            <Text textStyle="sm">{platformLabels[platform]}</Text>
          </HStack>
        ))}
        {!planAllows && (
          <Text textStyle="xs" color="fg.muted">
            Your plan posts manually; auto-posting comes with Professional and above.
          </Text>
        )}
      </HStack>

      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} colorPalette="brand" lazyMount unmountOnExit>
        <Tabs.List flexWrap="wrap">
          {tabs.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value}>
              {t.label} ({count(t.value)})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => {
          const shown = t.value === 'all' ? posts : posts.filter((p) => p.status === t.value);
          return (
            <Tabs.Content key={t.value} value={t.value}>
              {shown.length === 0 ? (
                <Text color="fg.muted" py="8" textAlign="center">
                  {t.empty}
                </Text>
              ) : (
                <Stack gap="3">
                  {shown.map((post) => (
                    <PostCard
                      key={post.id}
                      post={post}
                      autoPost={postAuto(post)}
                      busy={busy === post.id}
                      onDecide={(decision) => void decide(post, decision)}
                    />
                  ))}
                </Stack>
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </Stack>
  );
}

function PostCard({
  post,
  autoPost,
  busy,
  onDecide,
}: {
  post: Post;
  autoPost: boolean;
  busy: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  const site = isPlatformKey(post.platform) ? platformSites[post.platform] : 'the platform';
  return (
    <Card.Root variant="outline" borderRadius="xl" data-testid="post-card">
      <Card.Body gap="3">
        <HStack wrap="wrap" gap="2">
          <Badge>{platformLabel(post.platform)}</Badge>
          <Badge colorPalette={statusPalette[post.status] ?? 'gray'}>{statusLabels[post.status] ?? post.status}</Badge>
          {post.isAiGenerated && <Badge colorPalette="purple">AI Generated</Badge>}
          {post.status === 'approved' && autoPost && <Badge colorPalette="green">Auto-posting enabled</Badge>}
          <Text textStyle="xs" color="fg.muted" ms="auto">
            Created {relativeTime(post.createdAt)}
          </Text>
        </HStack>
        {(post.topic || post.tone) && (
          <Text textStyle="sm" color="fg.muted">
            {post.topic && <>Topic: {post.topic}</>} {post.tone && <>· Tone: {post.tone}</>}
          </Text>
        )}
        <Text whiteSpace="pre-wrap">{post.content}</Text>
        {post.scheduledTime && post.status !== 'posted' && (
          <Text textStyle="xs" color="fg.muted" data-testid="scheduled-time">
            Scheduled for{' '}
            {new Date(post.scheduledTime).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })} (
            {relativeTime(post.scheduledTime)})
          </Text>
        )}
        {post.postedTime && (
          <HStack gap="3" textStyle="xs" color="fg.muted">
            <Text>Posted {relativeTime(post.postedTime)}</Text>
            {post.platformUrl && (
              <Link href={post.platformUrl} target="_blank" rel="noopener noreferrer" color="brand.fg">
                View on {platformLabel(post.platform)} <ExternalLink size={12} />
              </Link>
            )}
          </HStack>
        )}
        {post.status === 'failed' && (
          <Alert.Root status="error" size="sm" borderRadius="md">
            <Alert.Indicator />
            <Alert.Description>
              Publishing failed: {post.failureReason ?? 'the platform gave no reason.'}
            </Alert.Description>
          </Alert.Root>
        )}
        {post.platform === 'tiktok' && (post.status === 'pending' || post.status === 'approved') && (
          <TikTokPackBox postId={post.id} />
        )}
        {post.status === 'pending' && (
          <Stack gap="2">
            <HStack>
              <Button size="sm" colorPalette="green" loading={busy} onClick={() => onDecide('approve')}>
                Approve
              </Button>
              <Button size="sm" colorPalette="red" variant="outline" disabled={busy} onClick={() => onDecide('reject')}>
                Reject
              </Button>
            </HStack>
            <Text textStyle="xs" color="fg.muted">
              {autoPost ? 'Will auto-post after approval' : 'Manual posting required after approval'}
            </Text>
          </Stack>
        )}
        {post.status === 'approved' && !autoPost && (
          <Box bg="bg.muted" borderRadius="lg" p="3">
            <Text fontWeight="semibold" textStyle="sm" mb="1">
              Post it manually
            </Text>
            <List.Root as="ol" ps="5" textStyle="sm" gap="0.5">
              <List.Item>Copy the content above.</List.Item>
              <List.Item>Go to {site}.</List.Item>
              <List.Item>Paste it into a new post.</List.Item>
              <List.Item>Add your photo or video.</List.Item>
              <List.Item>Publish.</List.Item>
            </List.Root>
            <Text textStyle="xs" color="fg.muted" mt="2">
              Tip: upgrade to Professional+ to have approved posts published automatically.
            </Text>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
