import { Alert, Badge, Button, Card, Field, HStack, Input, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/ui/toaster';
import type { ApiKeysFieldsFragment } from '../../gql/graphql';
import { userFacingMessage } from '../../lib/errors';
import {
  API_KEYS_QUERY,
  PLATFORM_STATUS_QUERY,
  SAVE_API_KEYS_MUTATION,
  TEST_CONNECTION_MUTATION,
  TEST_PLATFORM_CONNECTION_MUTATION,
} from './graphql';

type Keys = Record<keyof ApiKeysFieldsFragment, string>;
type Tab = { value: string; label: string; fields: { name: keyof Keys; label: string; secret?: boolean }[] };
type SocialPlatform = 'twitter' | 'instagram' | 'tiktok' | 'facebook';

/** Platform status is asked again every 30 s (spec §9). */
const PLATFORM_STATUS_POLL_MS = 30_000;

const tabs: Tab[] = [
  {
    value: 'openai',
    label: 'OpenAI',
    fields: [
      { name: 'openaiApiKey', label: 'OpenAI API Key', secret: true },
      { name: 'openaiBaseUrl', label: 'Base URL (optional, any OpenAI-compatible API)' },
    ],
  },
  {
    value: 'twitter',
    label: 'Twitter',
    fields: [
      { name: 'twitterApiKey', label: 'API Key', secret: true },
      { name: 'twitterApiSecret', label: 'API Secret', secret: true },
      { name: 'twitterAccessToken', label: 'Access Token', secret: true },
      { name: 'twitterAccessTokenSecret', label: 'Access Token Secret', secret: true },
      { name: 'twitterBearerToken', label: 'Bearer Token', secret: true },
    ],
  },
  {
    value: 'instagram',
    label: 'Instagram',
    fields: [
      { name: 'instagramAccessToken', label: 'Access Token', secret: true },
      { name: 'instagramPageId', label: 'Page ID', secret: true },
      { name: 'instagramAppId', label: 'App ID', secret: true },
      { name: 'instagramAppSecret', label: 'App Secret', secret: true },
    ],
  },
  {
    value: 'tiktok',
    label: 'TikTok',
    fields: [
      { name: 'tiktokAccessToken', label: 'Access Token', secret: true },
      { name: 'tiktokAppId', label: 'App ID', secret: true },
    ],
  },
  {
    value: 'facebook',
    label: 'Facebook',
    fields: [
      { name: 'facebookAccessToken', label: 'Access Token', secret: true },
      { name: 'facebookPageId', label: 'Page ID', secret: true },
      { name: 'facebookAppId', label: 'App ID', secret: true },
      { name: 'facebookAppSecret', label: 'App Secret', secret: true },
    ],
  },
];

const fieldNames = tabs.flatMap((tab) => tab.fields.map((field) => field.name));

/** Only the record's fields (Apollo adds `__typename` to what it reads), empty for none saved. */
const asForm = (keys: ApiKeysFieldsFragment): Keys =>
  Object.fromEntries(fieldNames.map((name) => [name, keys[name] ?? ''])) as Keys;

/** A social tab's own fields: the publishing service tests one platform's credentials. */
const platformCredentials = (form: Keys) => {
  const { openaiApiKey: _key, openaiBaseUrl: _url, ...credentials } = form;
  return credentials;
};

const isSocial = (value: string): value is SocialPlatform =>
  value === 'twitter' || value === 'instagram' || value === 'tiktok' || value === 'facebook';

export function ApiSettingsPage() {
  const query = useQuery(API_KEYS_QUERY);
  const [save, { loading: saving }] = useMutation(SAVE_API_KEYS_MUTATION);
  const [testConnection] = useMutation(TEST_CONNECTION_MUTATION);
  const [testPlatformConnection] = useMutation(TEST_PLATFORM_CONNECTION_MUTATION);
  const platformStatus = useQuery(PLATFORM_STATUS_QUERY, {
    pollInterval: PLATFORM_STATUS_POLL_MS,
    fetchPolicy: 'network-only',
  });
  const [form, setForm] = useState<Keys | null>(null);
  const [testing, setTesting] = useState<string | null>(null);

  useEffect(() => {
    if (query.data && !form) setForm(asForm(query.data.apiKeys));
  }, [query.data, form]);

  const header = (
    <PageHeader
      title="API Settings"
      subtitle="Connect your AI provider and, when you are ready, your social platforms."
    />
  );
  if (!form) {
    return (
      <Stack gap="6" maxW="4xl" mx="auto">
        {header}
        <QueryState error={query.error} retry={() => void query.refetch()} what="your API keys" />
      </Stack>
    );
  }

  const onSave = async () => {
    try {
      const { data } = await save({ variables: { input: form } });
      if (data) setForm(asForm(data.saveApiKeys));
      // Saved credentials change what the platforms' status says.
      void platformStatus.refetch();
      toast({ title: 'API Keys Updated', description: 'Your keys are stored encrypted.' });
    } catch {
      toast({ title: 'Error', description: 'Failed to update API keys. Please try again.', variant: 'destructive' });
    }
  };

  // OpenAI is content's test; the social platforms are publishing's, which says whether it worked.
  const runTest = async (tab: Tab): Promise<{ success: boolean; message: string }> => {
    if (!isSocial(tab.value)) {
      const { data } = await testConnection({ variables: { platform: tab.value, input: form } });
      return { success: true, message: data?.testConnection.message ?? '' };
    }
    const { data } = await testPlatformConnection({
      variables: { platform: tab.value, input: platformCredentials(form) },
    });
    void platformStatus.refetch();
    return data?.testPlatformConnection ?? { success: false, message: '' };
  };

  const onTest = async (tab: Tab) => {
    const fallback = `Failed to connect to ${tab.label} API. Please check your credentials.`;
    setTesting(tab.value);
    try {
      const result = await runTest(tab);
      if (result.success) toast({ title: 'Connection Successful', description: result.message });
      else toast({ title: 'Connection Failed', description: result.message || fallback, variant: 'destructive' });
    } catch (error) {
      toast({ title: 'Connection Failed', description: userFacingMessage(error, fallback), variant: 'destructive' });
    } finally {
      setTesting(null);
    }
  };

  const connection = (tab: Tab) => (isSocial(tab.value) ? platformStatus.data?.platformStatus[tab.value] : undefined);

  return (
    <Stack gap="6" maxW="4xl" mx="auto">
      {header}
      <Alert.Root status="info" borderRadius="xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your AI provider key is required; social platforms are optional</Alert.Title>
          <Alert.Description>
            Keys are encrypted before they are stored and are never shown again in full. Generating a post costs about
            $0.02 in provider fees.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>

      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body>
          <Tabs.Root defaultValue="openai" variant="line" colorPalette="brand">
            <Tabs.List flexWrap="wrap">
              {tabs.map((tab) => (
                <Tabs.Trigger key={tab.value} value={tab.value}>
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Content key={tab.value} value={tab.value}>
                <Stack gap="4">
                  {connection(tab) && (
                    <ConnectionBadge connected={connection(tab)!.connected} reason={connection(tab)!.reason} />
                  )}
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {tab.fields.map((field) => (
                      <Field.Root key={field.name}>
                        <Field.Label>{field.label}</Field.Label>
                        <Input
                          name={field.name}
                          type={field.secret ? 'password' : 'text'}
                          autoComplete="off"
                          value={form[field.name]}
                          onChange={(e) => setForm({ ...form, [field.name]: e.target.value })}
                        />
                      </Field.Root>
                    ))}
                  </SimpleGrid>
                  <Button
                    alignSelf="flex-start"
                    variant="outline"
                    loading={testing === tab.value}
                    onClick={() => void onTest(tab)}
                  >
                    Test Connection
                  </Button>
                </Stack>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Card.Body>
      </Card.Root>

      <Button alignSelf="flex-end" colorPalette="brand" loading={saving} onClick={() => void onSave()}>
        Save API Keys
      </Button>
    </Stack>
  );
}

function ConnectionBadge({ connected, reason }: { connected: boolean; reason: string | null }) {
  return (
    <HStack gap="2" data-testid="platform-connection">
      <Badge colorPalette={connected ? 'green' : 'gray'}>{connected ? 'Connected' : 'Disconnected'}</Badge>
      {!connected && reason && (
        <Text textStyle="sm" color="fg.muted">
          {reason}
        </Text>
      )}
    </HStack>
  );
}
