import { contentTones as tones } from '@brandloom/proto-events/forms';
import {
  Badge,
  Button,
  Card,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ArrowRight, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { SwitchField } from '../../components/switch-field';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/ui/toaster';
import type { BrandSettingsFieldsFragment } from '../../gql/graphql';
import { BRAND_SETTINGS_QUERY, SAVE_BRAND_SETTINGS_MUTATION } from './graphql';

type Settings = BrandSettingsFieldsFragment;
type PlatformKey = keyof Settings['platformSettings'];

const platforms: { key: PlatformKey; label: string }[] = [
  { key: 'twitter', label: 'X (Twitter)' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'tiktok', label: 'TikTok' },
  { key: 'facebook', label: 'Facebook' },
];

const isUrlOrEmpty = (value: string) =>
  value.trim() === '' || (/^https?:\/\//i.test(value.trim()) && URL.canParse(value.trim()));

/** The form's own checks (spec §5), in the form's order; the server checks the same. */
function firstProblem(settings: Settings): { field: string; message: string } | null {
  if (!settings.brandName.trim()) return { field: 'brandName', message: 'Brand name is required' };
  if (!isUrlOrEmpty(settings.storeDomain)) return { field: 'storeDomain', message: 'Please enter a valid URL' };
  if (!settings.brandVoice.trim()) return { field: 'brandVoice', message: 'Brand voice is required' };
  if (!settings.defaultTone.trim()) return { field: 'defaultTone', message: 'Default tone is required' };
  if (!isUrlOrEmpty(settings.defaultProductUrl))
    return { field: 'defaultProductUrl', message: 'Please enter a valid URL' };
  return null;
}

/** The settings as the mutation's input: Apollo adds `__typename` to what it reads, inputs have none. */
function asInput(settings: Settings) {
  const platform = ({ enabled, autoPost, postTypes }: Settings['platformSettings'][PlatformKey]) => ({
    enabled,
    autoPost,
    postTypes,
  });
  const { twitter, instagram, tiktok, facebook } = settings.platformSettings;
  return {
    brandName: settings.brandName,
    storeDomain: settings.storeDomain,
    brandVoice: settings.brandVoice,
    defaultTone: settings.defaultTone,
    defaultHashtags: settings.defaultHashtags,
    autoGenerateHashtags: settings.autoGenerateHashtags,
    aiAssistantName: settings.aiAssistantName,
    contentGuidelines: settings.contentGuidelines,
    defaultProductUrl: settings.defaultProductUrl,
    useRandomProducts: settings.useRandomProducts,
    customInstructions: settings.customInstructions,
    platformSettings: {
      twitter: platform(twitter),
      instagram: platform(instagram),
      tiktok: platform(tiktok),
      facebook: platform(facebook),
    },
  };
}

export function BrandSettingsPage() {
  const query = useQuery(BRAND_SETTINGS_QUERY);
  const [save, { loading: saving }] = useMutation(SAVE_BRAND_SETTINGS_MUTATION);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [hashtag, setHashtag] = useState('');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);

  useEffect(() => {
    if (query.data && !settings) setSettings(query.data.brandSettings);
  }, [query.data, settings]);

  if (!settings) {
    return (
      <Stack gap="6" maxW="5xl" mx="auto">
        <PageHeader title="Brand Settings" subtitle="Tell Brandloom about your brand so every post sounds like you." />
        <QueryState error={query.error} retry={() => void query.refetch()} what="your brand settings" />
      </Stack>
    );
  }

  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setSettings({ ...settings, [key]: value });
  const setPlatform = (key: PlatformKey, change: Partial<Settings['platformSettings'][PlatformKey]>) => {
    const current = settings.platformSettings[key];
    const next = { ...current, ...change };
    // Auto-post only on an enabled platform (spec §4).
    if (!next.enabled) next.autoPost = false;
    set('platformSettings', { ...settings.platformSettings, [key]: next });
  };
  const addHashtag = () => {
    const bare = hashtag.trim().replace(/^#+/, '').replace(/\s+/g, '');
    if (!bare) return;
    const tag = `#${bare}`;
    if (!settings.defaultHashtags.includes(tag)) set('defaultHashtags', [...settings.defaultHashtags, tag]);
    setHashtag('');
  };

  const onSave = async () => {
    const found = firstProblem(settings);
    setProblem(found);
    if (found) return;
    try {
      const { data } = await save({ variables: { input: asInput(settings) } });
      if (data) setSettings(data.saveBrandSettings);
      toast({ title: 'Settings Updated', description: 'Brand settings saved successfully.' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to update brand settings. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const text = (
    field: 'brandName' | 'storeDomain' | 'brandVoice' | 'aiAssistantName' | 'defaultProductUrl',
    label: string,
    placeholder = '',
  ) => (
    <Field.Root invalid={problem?.field === field}>
      <Field.Label>{label}</Field.Label>
      <Input value={settings[field]} placeholder={placeholder} onChange={(e) => set(field, e.target.value)} />
      <Field.ErrorText>{problem?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack gap="6" maxW="5xl" mx="auto">
      <PageHeader title="Brand Settings" subtitle="Tell Brandloom about your brand so every post sounds like you." />

      <Card.Root variant="outline" borderRadius="xl">
        <Card.Header>
          <Card.Title>Brand Information</Card.Title>
          <Card.Description>Used in every prompt the AI receives.</Card.Description>
        </Card.Header>
        <Card.Body gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {text('brandName', 'Brand Name', 'My Brand')}
            {text('storeDomain', 'Store Domain', 'https://yourstore.com')}
            {text('brandVoice', 'Brand Voice', 'motivational')}
            <Field.Root invalid={problem?.field === 'defaultTone'}>
              <Field.Label>Default Tone</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={settings.defaultTone} onChange={(e) => set('defaultTone', e.target.value)}>
                  {tones.map((tone) => (
                    <option key={tone} value={tone}>
                      {tone[0]!.toUpperCase() + tone.slice(1)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{problem?.message}</Field.ErrorText>
            </Field.Root>
            {text('aiAssistantName', 'AI Assistant Name')}
            {text('defaultProductUrl', 'Default Product URL', 'https://yourstore.com/products/bestseller')}
          </SimpleGrid>
          <Field.Root>
            <Field.Label>Content Guidelines</Field.Label>
            <Textarea value={settings.contentGuidelines} onChange={(e) => set('contentGuidelines', e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Custom Instructions</Field.Label>
            <Textarea value={settings.customInstructions} onChange={(e) => set('customInstructions', e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Default Hashtags</Field.Label>
            <HStack w="full">
              <Input
                value={hashtag}
                placeholder="#yourbrand"
                aria-label="New hashtag"
                onChange={(e) => setHashtag(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addHashtag();
                  }
                }}
              />
              <Button variant="outline" onClick={addHashtag}>
                Add
              </Button>
            </HStack>
            <Wrap mt="2">
              {settings.defaultHashtags.map((tag) => (
                <Badge
                  key={tag}
                  as="button"
                  size="lg"
                  colorPalette="brand"
                  cursor="pointer"
                  aria-label={`Remove ${tag}`}
                  onClick={() =>
                    set(
                      'defaultHashtags',
                      settings.defaultHashtags.filter((t) => t !== tag),
                    )
                  }
                >
                  {tag} <X size={12} />
                </Badge>
              ))}
            </Wrap>
          </Field.Root>
          <SwitchField
            label="Auto-generate hashtags"
            checked={settings.autoGenerateHashtags}
            onChange={(v) => set('autoGenerateHashtags', v)}
          />
          <SwitchField
            label="Use random products"
            checked={settings.useRandomProducts}
            onChange={(v) => set('useRandomProducts', v)}
          />
        </Card.Body>
      </Card.Root>

      <Card.Root variant="outline" borderRadius="xl">
        <Card.Header>
          <Card.Title>Platform Posting Settings</Card.Title>
          <Card.Description>
            Without auto-post, generated content waits as a draft in Moderation for your review.
          </Card.Description>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {platforms.map(({ key, label }) => (
              <Card.Root key={key} variant="subtle" p="4">
                <Text fontWeight="semibold" mb="3">
                  {label}
                </Text>
                <Stack gap="3">
                  <SwitchField
                    label={`Enable ${label}`}
                    checked={settings.platformSettings[key].enabled}
                    onChange={(v) => setPlatform(key, { enabled: v })}
                  />
                  <SwitchField
                    label={`Auto-post to ${label}`}
                    checked={settings.platformSettings[key].autoPost}
                    disabled={!settings.platformSettings[key].enabled}
                    onChange={(v) => setPlatform(key, { autoPost: v })}
                  />
                </Stack>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>

      <HStack justify="space-between" wrap="wrap" gap="3">
        <Button colorPalette="brand" loading={saving} onClick={() => void onSave()}>
          Save Brand Settings
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/api-settings">
            Proceed to API Settings <ArrowRight />
          </RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
