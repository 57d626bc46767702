import { contentTones as tones } from '@brandloom/proto-events/forms';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Field,
  HStack,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../components/ui/toaster';
import { userFacingMessage } from '../../lib/errors';
import type { CurrentUser } from '../../lib/user';
import { CONTENT_USAGE_QUERY, GENERATE_CONTENT_MUTATION, SAVE_DRAFT_MUTATION } from './graphql';

const allPlatforms = [
  { key: 'twitter', label: 'X (Twitter)', rule: '280 characters, 2-4 hashtags' },
  { key: 'instagram', label: 'Instagram', rule: '2,200 characters, 5-10 hashtags' },
  { key: 'facebook', label: 'Facebook', rule: '2,200 characters, 1-3 hashtags' },
  { key: 'tiktok', label: 'TikTok', rule: '4,000 characters, 3-6 hashtags' },
] as const;

const labelOf = (key: string) => allPlatforms.find((p) => p.key === key)?.label ?? key;

interface Result {
  platform: string;
  content: string;
  hashtags: string[];
  topic: string;
  tone: string;
  includeHashtags: boolean;
  saved: boolean;
}

export function ContentGeneratorPage({ user }: { user: CurrentUser }) {
  // TikTok is for Professional and above; Starter and no tier see a notice instead (spec §6).
  const tiktokAllowed = user.subscriptionTier !== null && user.subscriptionTier !== 'starter';
  const platforms = allPlatforms.filter((p) => p.key !== 'tiktok' || tiktokAllowed);
  const [topic, setTopic] = useState('');
  const [tone, setTone] = useState('professional');
  const [selected, setSelected] = useState<string[]>(['twitter']);
  const [includeHashtags, setIncludeHashtags] = useState(true);
  const [results, setResults] = useState<Result[]>([]);
  const [generating, setGenerating] = useState(false);
  const [generate] = useMutation(GENERATE_CONTENT_MUTATION);
  const [saveDraft] = useMutation(SAVE_DRAFT_MUTATION);
  const usage = useQuery(CONTENT_USAGE_QUERY, { fetchPolicy: 'cache-and-network' });

  const toggle = (key: string) =>
    setSelected((current) => (current.includes(key) ? current.filter((k) => k !== key) : [...current, key]));

  const onGenerate = async () => {
    if (!topic.trim()) {
      toast({
        title: 'Topic Required',
        description: 'Please enter a topic for content generation.',
        variant: 'destructive',
      });
      return;
    }
    if (selected.length === 0) {
      toast({
        title: 'Platform Required',
        description: 'Please select at least one platform.',
        variant: 'destructive',
      });
      return;
    }
    setGenerating(true);
    try {
      for (const platform of selected) {
        try {
          const { data } = await generate({
            variables: {
              input: {
                platform,
                topic,
                tone,
                includeHashtags,
                brandName: null,
                brandVoice: null,
                contentGuidelines: null,
              },
            },
          });
          if (!data) continue;
          const made = data.generateContent;
          setResults((current) => [{ ...made, topic, tone, includeHashtags, saved: false }, ...current]);
          toast({ title: 'Content Generated!', description: `Created ${platform} content successfully.` });
        } catch (error) {
          toast({
            title: 'Generation Failed',
            description: userFacingMessage(error, 'Failed to generate content. Please check your API settings.'),
            variant: 'destructive',
          });
          break;
        }
      }
    } finally {
      setGenerating(false);
      void usage.refetch();
    }
  };

  const onSave = async (index: number) => {
    const result = results[index]!;
    try {
      await saveDraft({
        variables: {
          input: {
            content: result.content,
            platform: result.platform,
            status: 'pending',
            isAiGenerated: true,
            topic: result.topic,
            tone: result.tone,
            includeHashtags: result.includeHashtags,
          },
        },
      });
      setResults((current) => current.map((r, i) => (i === index ? { ...r, saved: true } : r)));
      toast({ title: 'Saved as Draft', description: 'Content saved for review in Content Moderation.' });
    } catch {
      toast({ title: 'Save Failed', description: 'Failed to save content as draft.', variant: 'destructive' });
    }
  };

  const footer = usage.data?.contentUsage;

  return (
    <Stack gap="6" maxW="5xl" mx="auto">
      <PageHeader
        title="Content Generator"
        subtitle="Create platform-ready posts with AI, then review them in Moderation."
      />
      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body gap="5">
          <Field.Root>
            <Field.Label>Topic</Field.Label>
            <Textarea
              value={topic}
              placeholder="e.g. New summer collection arriving this weekend"
              onChange={(e) => setTopic(e.target.value)}
            />
          </Field.Root>
          <Field.Root maxW="xs">
            <Field.Label>Tone</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field aria-label="Tone" value={tone} onChange={(e) => setTone(e.target.value)}>
                {tones.map((t) => (
                  <option key={t} value={t}>
                    {t[0]!.toUpperCase() + t.slice(1)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Stack gap="2">
            <Text fontWeight="medium">Platforms</Text>
            <SimpleGrid columns={{ base: 1, sm: 2, md: platforms.length }} gap="3">
              {platforms.map((platform) => {
                const on = selected.includes(platform.key);
                return (
                  <Card.Root
                    key={platform.key}
                    as="button"
                    role="checkbox"
                    aria-checked={on}
                    textAlign="start"
                    variant="outline"
                    borderColor={on ? 'brand.solid' : 'border'}
                    bg={on ? 'brand.subtle' : 'bg'}
                    p="4"
                    onClick={() => toggle(platform.key)}
                  >
                    <Text fontWeight="semibold">{platform.label}</Text>
                    <Text textStyle="xs" color="fg.muted">
                      {platform.rule}
                    </Text>
                  </Card.Root>
                );
              })}
            </SimpleGrid>
            {!tiktokAllowed && (
              <Alert.Root status="info" borderRadius="lg" size="sm">
                <Alert.Indicator />
                <Alert.Description>
                  TikTok content needs the Professional plan or above, and TikTok requires manual posting.{' '}
                  <Link asChild color="brand.fg" fontWeight="semibold">
                    <RouterLink to="/plans">See plans</RouterLink>
                  </Link>
                </Alert.Description>
              </Alert.Root>
            )}
          </Stack>
          <Checkbox.Root
            checked={includeHashtags}
            onCheckedChange={(e) => setIncludeHashtags(e.checked === true)}
            colorPalette="brand"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Include hashtags</Checkbox.Label>
          </Checkbox.Root>
          <Button alignSelf="flex-start" colorPalette="brand" loading={generating} onClick={() => void onGenerate()}>
            Generate
          </Button>
        </Card.Body>
      </Card.Root>

      {results.length > 0 && (
        <Stack gap="3" as="section" aria-label="Generated content">
          {results.map((result, index) => (
            <Card.Root key={`${result.platform}-${results.length - index}`} variant="outline" borderRadius="xl">
              <Card.Body gap="3">
                <HStack justify="space-between">
                  <Badge colorPalette="brand">{labelOf(result.platform)}</Badge>
                  <Text textStyle="xs" color="fg.muted">
                    {[...result.content].length} characters
                  </Text>
                </HStack>
                <Text whiteSpace="pre-wrap" data-testid="generated-content">
                  {result.content}
                </Text>
                <Button
                  alignSelf="flex-start"
                  size="sm"
                  variant="outline"
                  disabled={result.saved}
                  onClick={() => void onSave(index)}
                >
                  {result.saved ? 'Saved' : 'Save as Draft'}
                </Button>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}

      <Card.Root variant="subtle" borderRadius="xl" as="footer" aria-label="Plan and usage">
        <Card.Body py="3">
          {footer ? (
            <Text textStyle="sm">
              Plan: <strong>{footer.plan}</strong> · AI posts this month: {footer.monthlyPostsUsed} /{' '}
              {footer.monthlyPostLimit ?? 'unlimited'} · Tokens spent: {footer.tokensThisMonth.toLocaleString()}
            </Text>
          ) : (
            <Text textStyle="sm" color="fg.muted">
              {usage.error ? 'Usage is not available right now.' : 'Loading usage…'}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
