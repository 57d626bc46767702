import { contentTones as tones } from '@brandloom/proto-events/forms';
import {
  Alert,
  Button,
  Card,
  Field,
  HStack,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ArrowLeft, ArrowRight, PartyPopper } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { toast } from '../../../components/ui/toaster';
import { userFacingMessage } from '../../../lib/errors';
import { keysInput } from '../api-setup/providers';
import { brandInput, type SavedBrand } from '../brand-input';
import { SAVE_API_KEYS_MUTATION, TEST_CONNECTION_MUTATION } from '../../api-settings/graphql';
import { SAVE_BRAND_SETTINGS_MUTATION } from '../../brand-settings/graphql';
import { GENERATE_FIRST_POST_MUTATION, QUICK_SETUP_QUERY, SEND_TO_MODERATION_MUTATION } from '../graphql';
import { SetupProgress } from '../setup-progress';
import { completedSteps, quickSetupSteps, resumeStep, type QuickSetupStepKey } from './quick-setup-steps';

const header = (
  <PageHeader
    title="Quick Setup"
    subtitle="Three steps to your first AI post: your brand, your AI key, and a first post for you to review."
  />
);

/** Quick Setup: each step is saved as it completes, and the page opens at the first one not saved. */
export function QuickSetupPage() {
  const query = useQuery(QUICK_SETUP_QUERY, { fetchPolicy: 'network-only' });
  // A step the owner went back to; otherwise the page follows what is saved.
  const [revisiting, setRevisiting] = useState<QuickSetupStepKey | null>(null);

  if (!query.data) {
    return (
      <Stack gap="6" maxW="4xl" mx="auto">
        {header}
        <QueryState error={query.error} retry={() => void query.refetch()} what="your setup progress" />
      </Stack>
    );
  }

  const saved = {
    brandSettingsSaved: query.data.onboardingProgress.brandSettingsSaved,
    openaiApiKey: query.data.apiKeys.openaiApiKey,
    postsCreated: query.data.onboardingProgress.postsCreated,
  };
  const done = completedSteps(saved);
  const step = revisiting ?? resumeStep(saved);
  const index = step === 'done' ? quickSetupSteps.length : quickSetupSteps.findIndex((s) => s.key === step);
  const completed = async () => {
    await query.refetch();
    setRevisiting(null);
  };
  const back = index > 0 ? () => setRevisiting(quickSetupSteps[index - 1]!.key) : undefined;

  return (
    <Stack gap="6" maxW="4xl" mx="auto">
      {header}
      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body>
          <SetupProgress
            label="Quick Setup progress"
            steps={quickSetupSteps.map((s) => ({ title: s.title, done: done[s.key] }))}
            current={index}
          />
        </Card.Body>
      </Card.Root>
      {step === 'brand' && (
        <BrandStep brand={query.data.brandSettings} saved={saved.brandSettingsSaved} onSaved={completed} />
      )}
      {step === 'ai-key' && (
        <AiKeyStep savedKey={query.data.apiKeys.openaiApiKey ?? ''} onSaved={completed} onBack={back} />
      )}
      {step === 'first-post' && <FirstPostStep brand={query.data.brandSettings} onSent={completed} onBack={back} />}
      {step === 'done' && <AllDone />}
    </Stack>
  );
}

function StepCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" borderRadius="xl" as="section" aria-label={title}>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body gap="5">{children}</Card.Body>
    </Card.Root>
  );
}

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <Alert.Root status="error" borderRadius="lg" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function StepActions({ onBack, children }: { onBack: (() => void) | undefined; children: ReactNode }) {
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      {onBack ? (
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Back
        </Button>
      ) : (
        <span />
      )}
      <HStack gap="3">{children}</HStack>
    </HStack>
  );
}

/** Step 1: name, voice and tone; the rest of Brand Settings is kept as it is. */
function BrandStep({ brand, saved, onSaved }: { brand: SavedBrand; saved: boolean; onSaved: () => Promise<void> }) {
  // Never saved, the brand holds the product's placeholders ('My Brand'): the owner starts from empty fields.
  const [brandName, setBrandName] = useState(saved ? brand.brandName : '');
  const [brandVoice, setBrandVoice] = useState(saved ? brand.brandVoice : '');
  const [defaultTone, setDefaultTone] = useState(brand.defaultTone);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [save, { loading }] = useMutation(SAVE_BRAND_SETTINGS_MUTATION);

  const onSave = async () => {
    // The form's own checks, in Brand Settings' order and words; the server checks the same.
    if (!brandName.trim()) return setProblem({ field: 'brandName', message: 'Brand name is required' });
    if (!brandVoice.trim()) return setProblem({ field: 'brandVoice', message: 'Brand voice is required' });
    setProblem(null);
    try {
      await save({ variables: { input: brandInput(brand, { brandName, brandVoice, defaultTone }) } });
      toast({ title: 'Brand saved', description: 'Your brand basics are saved. Next: your AI key.' });
      await onSaved();
    } catch (error) {
      setProblem({
        field: 'form',
        message: userFacingMessage(error, 'Failed to update brand settings. Please try again.'),
      });
    }
  };

  return (
    <StepCard
      title="Step 1 · Brand basics"
      description="Every post the AI writes uses your brand's name, voice and tone. You can refine the rest later in Brand Settings."
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root invalid={problem?.field === 'brandName'}>
          <Field.Label>Brand Name</Field.Label>
          <Input value={brandName} placeholder="Corner Bakery" onChange={(e) => setBrandName(e.target.value)} />
          <Field.ErrorText>{problem?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={problem?.field === 'defaultTone'}>
          <Field.Label>Default Tone</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={defaultTone} onChange={(e) => setDefaultTone(e.target.value)}>
              {tones.map((tone) => (
                <option key={tone} value={tone}>
                  {tone[0]!.toUpperCase() + tone.slice(1)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={problem?.field === 'brandVoice'}>
        <Field.Label>Brand Voice</Field.Label>
        <Input
          value={brandVoice}
          placeholder="warm, neighbourly and proud of our craft"
          onChange={(e) => setBrandVoice(e.target.value)}
        />
        <Field.HelperText>A few words on how your shop talks to its customers.</Field.HelperText>
        <Field.ErrorText>{problem?.message}</Field.ErrorText>
      </Field.Root>
      {problem?.field === 'form' && <Problem title="Brand not saved" message={problem.message} />}
      <StepActions onBack={undefined}>
        <Button colorPalette="brand" loading={loading} onClick={() => void onSave()}>
          Save and continue
          <ArrowRight aria-hidden />
        </Button>
      </StepActions>
    </StepCard>
  );
}

/** Step 2: the key is tested before it is saved, so a key that does not work is never kept. */
function AiKeyStep({
  savedKey,
  onSaved,
  onBack,
}: {
  savedKey: string;
  onSaved: () => Promise<void>;
  onBack: (() => void) | undefined;
}) {
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [test] = useMutation(TEST_CONNECTION_MUTATION);
  const [save] = useMutation(SAVE_API_KEYS_MUTATION);

  const onTestAndSave = async () => {
    if (!apiKey.trim()) {
      setFailure('Enter your OpenAI API key first.');
      return;
    }
    setFailure(null);
    setBusy(true);
    const input = keysInput({ openaiApiKey: apiKey.trim(), openaiBaseUrl: baseUrl.trim() });
    try {
      await test({ variables: { platform: 'openai', input } });
    } catch (error) {
      setFailure(userFacingMessage(error, 'Failed to connect to OpenAI API. Please check your credentials.'));
      setBusy(false);
      return;
    }
    try {
      await save({ variables: { input } });
      toast({ title: 'Connection Successful', description: 'Your key works and is stored encrypted.' });
      await onSaved();
    } catch (error) {
      setFailure(userFacingMessage(error, 'Failed to update API keys. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepCard
      title="Step 2 · Your AI key"
      description="Brandloom writes with your own OpenAI key, so you pay OpenAI directly: about $0.02 a post, $1-3 a month for most shops."
    >
      <Card.Root variant="subtle" borderRadius="lg">
        <Card.Body gap="2">
          <Text fontWeight="semibold">Where to find it</Text>
          <Stack as="ol" gap="1" ps="5" listStyleType="decimal" textStyle="sm">
            <li>
              Sign in at{' '}
              <Link href="https://platform.openai.com/api-keys" target="_blank" rel="noreferrer" color="brand.fg">
                platform.openai.com/api-keys
              </Link>{' '}
              (new accounts often get a small free credit).
            </li>
            <li>Choose "Create new secret key" and copy it: it starts with sk- and is shown only once.</li>
            <li>Paste it below. We test it first and store it encrypted only if it works.</li>
          </Stack>
        </Card.Body>
      </Card.Root>
      {savedKey && (
        <Text textStyle="sm" color="fg.muted">
          A key is already saved ({savedKey}). Enter a new one to replace it.
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root invalid={failure !== null}>
          <Field.Label>OpenAI API Key</Field.Label>
          <Input
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder="sk-…"
            onChange={(e) => setApiKey(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Base URL (optional)</Field.Label>
          <Input value={baseUrl} autoComplete="off" onChange={(e) => setBaseUrl(e.target.value)} />
          <Field.HelperText>Only for another OpenAI-compatible service.</Field.HelperText>
        </Field.Root>
      </SimpleGrid>
      {failure && <Problem title="Connection Failed" message={`${failure} Your key was not saved.`} />}
      <StepActions onBack={onBack}>
        {savedKey && (
          <Button variant="outline" onClick={() => void onSaved()}>
            Keep saved key
          </Button>
        )}
        <Button colorPalette="brand" loading={busy} onClick={() => void onTestAndSave()}>
          Test and save key
          <ArrowRight aria-hidden />
        </Button>
      </StepActions>
    </StepCard>
  );
}

const firstPostPlatforms = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'X (Twitter)' },
] as const;

/** Step 3: a post generated with the owner's key, sent to Moderation as pending once they like it. */
function FirstPostStep({
  brand,
  onSent,
  onBack,
}: {
  brand: SavedBrand;
  onSent: () => Promise<void>;
  onBack: (() => void) | undefined;
}) {
  const [platform, setPlatform] = useState<string>('instagram');
  const [topic, setTopic] = useState('');
  const [draft, setDraft] = useState<{ content: string; platform: string; topic: string } | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [generate, { loading: generating }] = useMutation(GENERATE_FIRST_POST_MUTATION);
  const [send, { loading: sending }] = useMutation(SEND_TO_MODERATION_MUTATION);

  const onGenerate = async () => {
    if (!topic.trim()) {
      setFailure({ title: 'Topic Required', message: 'Please enter a topic for content generation.' });
      return;
    }
    setFailure(null);
    try {
      const { data } = await generate({
        variables: {
          input: {
            platform,
            topic,
            tone: brand.defaultTone,
            includeHashtags: true,
            brandName: null,
            brandVoice: null,
            contentGuidelines: null,
          },
        },
      });
      if (data) setDraft({ content: data.generateContent.content, platform, topic });
    } catch (error) {
      setFailure({
        title: 'Generation Failed',
        message: userFacingMessage(error, 'Failed to generate content. Please check your API settings.'),
      });
    }
  };

  const onSend = async () => {
    if (!draft) return;
    setFailure(null);
    try {
      await send({
        variables: {
          input: {
            content: draft.content,
            platform: draft.platform,
            status: 'pending',
            topic: draft.topic,
            tone: brand.defaultTone,
            isAiGenerated: true,
            includeHashtags: true,
          },
        },
      });
      toast({ title: 'Sent to Moderation', description: 'Your first post is waiting for your approval.' });
      await onSent();
    } catch (error) {
      setFailure({ title: 'Save Failed', message: userFacingMessage(error, 'Failed to save content as draft.') });
    }
  };

  return (
    <StepCard
      title="Step 3 · Your first post"
      description="Pick a platform and a topic. The AI writes a post in your brand's voice; nothing is published until you approve it in Moderation."
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Field.Root>
          <Field.Label>Platform</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={platform} onChange={(e) => setPlatform(e.target.value)}>
              {firstPostPlatforms.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root gridColumn={{ md: 'span 2' }} invalid={failure?.title === 'Topic Required'}>
          <Field.Label>Topic</Field.Label>
          <Input value={topic} placeholder="This week's new arrivals" onChange={(e) => setTopic(e.target.value)} />
        </Field.Root>
      </SimpleGrid>
      {draft && (
        <Field.Root>
          <Field.Label>Your post (edit it if you like)</Field.Label>
          <Textarea value={draft.content} rows={6} onChange={(e) => setDraft({ ...draft, content: e.target.value })} />
        </Field.Root>
      )}
      {failure && <Problem title={failure.title} message={failure.message} />}
      <StepActions onBack={onBack}>
        <Button
          variant={draft ? 'outline' : 'solid'}
          colorPalette="brand"
          loading={generating}
          onClick={() => void onGenerate()}
        >
          {draft ? 'Generate again' : 'Generate post'}
        </Button>
        {draft && (
          <Button colorPalette="brand" loading={sending} onClick={() => void onSend()}>
            Send to Moderation
            <ArrowRight aria-hidden />
          </Button>
        )}
      </StepActions>
    </StepCard>
  );
}

function AllDone() {
  return (
    <StepCard
      title="You're all set"
      description="Your brand is saved, your AI key works, and your first post is waiting in Moderation."
    >
      <HStack gap="3" color="green.fg">
        <PartyPopper aria-hidden />
        <Text fontWeight="semibold">Approve it in Moderation, then post it or schedule more.</Text>
      </HStack>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/moderation">
            Review in Moderation
            <ArrowRight aria-hidden />
          </RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/smart-onboarding">Draft your brand profile with AI</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/api-setup">Connect your social accounts</RouterLink>
        </Button>
      </HStack>
    </StepCard>
  );
}
