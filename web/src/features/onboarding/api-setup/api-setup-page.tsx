import {
  Accordion,
  Alert,
  Badge,
  Button,
  Card,
  Field,
  HStack,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { toast } from '../../../components/ui/toaster';
import type { ApiKeysFieldsFragment } from '../../../gql/graphql';
import { userFacingMessage } from '../../../lib/errors';
import {
  API_KEYS_QUERY,
  PLATFORM_STATUS_QUERY,
  SAVE_API_KEYS_MUTATION,
  TEST_CONNECTION_MUTATION,
  TEST_PLATFORM_CONNECTION_MUTATION,
} from '../../api-settings/graphql';
import { SetupProgress } from '../setup-progress';
import {
  providerGuides,
  providerState,
  providerValues,
  type KeyField,
  type ProviderGuide,
  type ProviderKey,
  type ProviderState,
} from './providers';

type Form = Record<KeyField, string>;
type Outcome = { success: boolean; message: string };

const fieldNames = providerGuides.flatMap((guide) => guide.fields.map((field) => field.name));
const asForm = (keys: ApiKeysFieldsFragment): Form =>
  Object.fromEntries(fieldNames.map((name) => [name, keys[name] ?? ''])) as Form;

const stateBadge: Record<ProviderState, { label: string; palette: string }> = {
  connected: { label: 'Connected', palette: 'green' },
  saved: { label: 'Saved', palette: 'blue' },
  'not-set': { label: 'Not connected', palette: 'gray' },
};

/** API Setup: API Settings' credentials, one provider at a time, with where to find each and a test. */
export function ApiSetupPage() {
  const query = useQuery(API_KEYS_QUERY, { fetchPolicy: 'network-only' });
  // Publishing's own view of the platforms; the page works without it.
  const status = useQuery(PLATFORM_STATUS_QUERY, { fetchPolicy: 'network-only', errorPolicy: 'all' });
  const [save] = useMutation(SAVE_API_KEYS_MUTATION);
  const [testAi] = useMutation(TEST_CONNECTION_MUTATION);
  const [testPlatform] = useMutation(TEST_PLATFORM_CONNECTION_MUTATION);
  const [form, setForm] = useState<Form | null>(null);
  const [outcomes, setOutcomes] = useState<Partial<Record<ProviderKey, Outcome>>>({});
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (query.data && !form) setForm(asForm(query.data.apiKeys));
  }, [query.data, form]);

  const header = (
    <PageHeader
      title="API Setup"
      subtitle="Connect your AI provider and social accounts step by step: what each needs, where to find it, and a test."
    />
  );
  if (!form || !query.data) {
    return (
      <Stack gap="6" maxW="4xl" mx="auto">
        {header}
        <QueryState error={query.error} retry={() => void query.refetch()} what="your API keys" />
      </Stack>
    );
  }

  const saved = query.data.apiKeys;
  const verified = (guide: ProviderGuide) => {
    if (outcomes[guide.key]) return outcomes[guide.key]!.success;
    if (guide.key === 'openai') return false;
    return status.data?.platformStatus?.[guide.key].connected ?? false;
  };
  const states = providerGuides.map((guide) => providerState(guide, saved, verified(guide)));

  const onTest = async (guide: ProviderGuide) => {
    setBusy(`test-${guide.key}`);
    const values = providerValues(guide, form);
    let outcome: Outcome;
    try {
      if (guide.key === 'openai') {
        const { data } = await testAi({ variables: { platform: 'openai', input: values } });
        outcome = { success: true, message: data?.testConnection.message ?? 'Connected.' };
      } else {
        const { data } = await testPlatform({ variables: { platform: guide.key, input: values } });
        outcome = data?.testPlatformConnection ?? { success: false, message: 'No answer from the server' };
      }
    } catch (error) {
      outcome = {
        success: false,
        message: userFacingMessage(error, `Failed to connect to ${guide.label} API. Please check your credentials.`),
      };
    }
    setOutcomes((current) => ({ ...current, [guide.key]: outcome }));
    setBusy(null);
  };

  const onSave = async (guide: ProviderGuide) => {
    setBusy(`save-${guide.key}`);
    try {
      const { data } = await save({ variables: { input: providerValues(guide, form) } });
      if (data) {
        const masked = asForm(data.saveApiKeys);
        // Only this provider's fields take the saved (masked) values; others keep what is typed.
        setForm((current) => ({
          ...current!,
          ...Object.fromEntries(guide.fields.map((field) => [field.name, masked[field.name]])),
        }));
      }
      await query.refetch();
      toast({ title: 'API Keys Updated', description: `${guide.label} credentials are stored encrypted.` });
    } catch (error) {
      toast({
        title: 'Error',
        description: userFacingMessage(error, 'Failed to update API keys. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="6" maxW="4xl" mx="auto">
      {header}
      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body>
          <SetupProgress
            label="Connections"
            steps={providerGuides.map((guide, i) => ({ title: guide.label, done: states[i] !== 'not-set' }))}
            // The first provider not connected yet (none when all are).
            current={states.indexOf('not-set')}
          />
        </Card.Body>
      </Card.Root>
      <Alert.Root status="info" borderRadius="xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your AI key is required; social accounts are optional</Alert.Title>
          <Alert.Description>
            Keys are encrypted before they are stored and are never shown again in full. Test a connection before you
            save it: a test uses the values as typed and saves nothing.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>

      <Accordion.Root collapsible defaultValue={['openai']} variant="enclosed" borderRadius="xl">
        {providerGuides.map((guide, i) => {
          const badge = stateBadge[states[i]!];
          const outcome = outcomes[guide.key];
          return (
            <Accordion.Item key={guide.key} value={guide.key}>
              <Accordion.ItemTrigger>
                <HStack flex="1" justify="space-between">
                  <Text fontWeight="semibold">{guide.label}</Text>
                  <Badge colorPalette={badge.palette} data-testid={`state-${guide.key}`}>
                    {badge.label}
                  </Badge>
                </HStack>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody>
                  <Stack gap="4" as="section" aria-label={`${guide.label} credentials`}>
                    <Text color="fg.muted">{guide.purpose}</Text>
                    <Card.Root variant="subtle" borderRadius="lg">
                      <Card.Body gap="2">
                        <Text fontWeight="semibold">Where to find them</Text>
                        <Stack as="ol" gap="1" ps="5" listStyleType="decimal" textStyle="sm">
                          {guide.whereToFind.map((line) => (
                            <li key={line}>{line}</li>
                          ))}
                        </Stack>
                        <Link href={guide.link.href} target="_blank" rel="noreferrer" color="brand.fg" textStyle="sm">
                          {guide.link.label}
                          <ExternalLink size={14} aria-hidden />
                        </Link>
                      </Card.Body>
                    </Card.Root>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {guide.fields.map((field) => (
                        <Field.Root key={field.name} required={field.required}>
                          <Field.Label>
                            {field.label}
                            <Field.RequiredIndicator />
                          </Field.Label>
                          <Input
                            name={field.name}
                            type={field.secret ? 'password' : 'text'}
                            autoComplete="off"
                            value={form[field.name]}
                            onChange={(e) => setForm({ ...form, [field.name]: e.target.value })}
                          />
                          {field.hint && <Field.HelperText>{field.hint}</Field.HelperText>}
                        </Field.Root>
                      ))}
                    </SimpleGrid>
                    {outcome && (
                      <Alert.Root status={outcome.success ? 'success' : 'error'} borderRadius="lg" role="status">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title>{outcome.success ? 'Connection Successful' : 'Connection Failed'}</Alert.Title>
                          <Alert.Description>{outcome.message}</Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                    )}
                    <HStack gap="3">
                      <Button
                        variant="outline"
                        loading={busy === `test-${guide.key}`}
                        onClick={() => void onTest(guide)}
                      >
                        Test Connection
                      </Button>
                      <Button
                        colorPalette="brand"
                        loading={busy === `save-${guide.key}`}
                        onClick={() => void onSave(guide)}
                      >
                        Save {guide.label}
                      </Button>
                    </HStack>
                  </Stack>
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          );
        })}
      </Accordion.Root>
    </Stack>
  );
}
