import { SHOP_DESCRIPTION_MAX, shopDescriptionMessages, shopDescriptionSchema } from '@brandloom/proto-events/forms';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Field,
  HStack,
  Input,
  Link,
  List,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { ArrowRight, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { toast } from '../../../components/ui/toaster';
import { userFacingMessage } from '../../../lib/errors';
import { SAVE_BRAND_SETTINGS_MUTATION } from '../../brand-settings/graphql';
import { SAVE_SCHEDULE_SETTINGS_MUTATION, SCHEDULE_SETTINGS_QUERY } from '../../schedule-queue/graphql';
import { brandInput, type SavedBrand } from '../brand-input';
import { DRAFT_BRAND_PROFILE_MUTATION, SMART_ONBOARDING_QUERY } from '../graphql';
import { SetupProgress } from '../setup-progress';
import {
  acceptedProfile,
  hashtagsFromText,
  postingTimesFromText,
  profileFields,
  scheduleWithPeakHours,
  type ProfileDraft,
  type ProfileField,
} from './accepted-profile';

const header = (
  <PageHeader
    title="Smart Onboarding"
    subtitle="Describe your shop in a few sentences and let AI draft your brand profile. You review it, and only what you accept is saved."
  />
);

/** The content studio's words for a missing key (spec §8), as the server sends them. */
const isKeyMissing = (message: string) => message.includes('API key not configured');

type Stage = 'describe' | 'review' | 'saved';
/** What the review shows: hashtags and times as the owner edits them, as text. */
type Review = { brandVoice: string; contentGuidelines: string; defaultHashtags: string; postingTimes: string };
type SaveReport = { saved: string[]; failed: { what: string; message: string }[] };

export function SmartOnboardingPage() {
  const query = useQuery(SMART_ONBOARDING_QUERY, { fetchPolicy: 'network-only' });
  const [stage, setStage] = useState<Stage>('describe');
  const [keyMissing, setKeyMissing] = useState(false);
  const [review, setReview] = useState<Review | null>(null);
  const [report, setReport] = useState<SaveReport | null>(null);

  if (!query.data) {
    return (
      <Stack gap="6" maxW="4xl" mx="auto">
        {header}
        <QueryState error={query.error} retry={() => void query.refetch()} what="your brand profile" />
      </Stack>
    );
  }

  const stages: Stage[] = ['describe', 'review', 'saved'];
  const current = stages.indexOf(stage);
  const noKey = keyMissing || !query.data.apiKeys.openaiApiKey;

  return (
    <Stack gap="6" maxW="4xl" mx="auto">
      {header}
      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body>
          <SetupProgress
            label="Smart Onboarding progress"
            steps={[
              { title: 'Describe your shop', done: current > 0 },
              { title: 'Review the draft', done: current > 1 },
              { title: 'Save what you accept', done: current > 1 },
            ]}
            current={current}
          />
        </Card.Body>
      </Card.Root>
      {noKey ? (
        <KeyMissing />
      ) : stage === 'describe' ? (
        <DescribeShop
          onDrafted={(draft) => {
            setReview({
              brandVoice: draft.brandVoice,
              contentGuidelines: draft.contentGuidelines,
              defaultHashtags: draft.defaultHashtags.join(' '),
              postingTimes: draft.postingTimes.join(', '),
            });
            setStage('review');
          }}
          onKeyMissing={() => setKeyMissing(true)}
        />
      ) : stage === 'review' && review ? (
        <ReviewDraft
          review={review}
          brand={query.data.brandSettings}
          brandSaved={query.data.onboardingProgress.brandSettingsSaved}
          onChange={setReview}
          onStartOver={() => setStage('describe')}
          onSaved={(saved) => {
            setReport(saved);
            setStage('saved');
            void query.refetch();
          }}
        />
      ) : (
        report && <Saved report={report} onBack={() => setStage('review')} />
      )}
    </Stack>
  );
}

function KeyMissing() {
  return (
    <Alert.Root status="warning" borderRadius="xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>API Key Missing</Alert.Title>
        <Alert.Description>
          Smart Onboarding drafts your profile with your own AI key, and none is saved yet. Add it in{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/api-setup">API Setup</RouterLink>
          </Link>{' '}
          (it takes two minutes), then come back.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function DescribeShop({
  onDrafted,
  onKeyMissing,
}: {
  onDrafted: (draft: ProfileDraft) => void;
  onKeyMissing: () => void;
}) {
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, { loading }] = useMutation(DRAFT_BRAND_PROFILE_MUTATION);

  const onDraft = async () => {
    const checked = shopDescriptionSchema.safeParse(description);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? shopDescriptionMessages.missing);
    setProblem(null);
    setFailure(null);
    try {
      const { data } = await draft({ variables: { input: { description: checked.data } } });
      if (data) onDrafted(data.draftBrandProfile);
    } catch (error) {
      const message = userFacingMessage(error, 'The draft could not be made. Please try again.');
      if (isKeyMissing(message)) onKeyMissing();
      else setFailure(message);
    }
  };

  return (
    <Card.Root variant="outline" borderRadius="xl" as="section" aria-label="Describe your shop">
      <Card.Header>
        <Card.Title as="h2">Describe your shop</Card.Title>
        <Card.Description>
          A few sentences are enough: what you sell, who buys from you, and the tone you like.
        </Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <Field.Root invalid={problem !== null}>
          <Field.Label>About your shop</Field.Label>
          <Textarea
            value={description}
            rows={5}
            maxLength={SHOP_DESCRIPTION_MAX + 100}
            placeholder="We bake sourdough and pastries every morning for the families in our neighbourhood. Our customers are busy parents and early commuters. We like a warm, friendly tone with a bit of humour."
            onChange={(e) => setDescription(e.target.value)}
          />
          <HStack justify="space-between" w="full">
            <Field.ErrorText>{problem}</Field.ErrorText>
            <Field.HelperText ms="auto">
              {description.trim().length} / {SHOP_DESCRIPTION_MAX}
            </Field.HelperText>
          </HStack>
        </Field.Root>
        {failure && (
          <Alert.Root status="error" borderRadius="lg" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Draft Failed</Alert.Title>
              <Alert.Description>{failure} Nothing was saved.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Button alignSelf="flex-start" colorPalette="brand" loading={loading} onClick={() => void onDraft()}>
          <Sparkles aria-hidden />
          Draft my brand profile
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function ReviewDraft({
  review,
  brand,
  brandSaved,
  onChange,
  onStartOver,
  onSaved,
}: {
  review: Review;
  brand: SavedBrand;
  /** Never saved, the brand has no name of the owner's yet: saving brand fields asks for one. */
  brandSaved: boolean;
  onChange: (review: Review) => void;
  onStartOver: () => void;
  onSaved: (report: SaveReport) => void;
}) {
  const client = useApolloClient();
  const [accepted, setAccepted] = useState<Set<ProfileField>>(() => new Set(profileFields.map((f) => f.key)));
  const [problem, setProblem] = useState<string | null>(null);
  const [brandName, setBrandName] = useState('');
  const [saving, setSaving] = useState(false);
  const [saveBrand] = useMutation(SAVE_BRAND_SETTINGS_MUTATION);
  const [saveTimes] = useMutation(SAVE_SCHEDULE_SETTINGS_MUTATION);

  const toggle = (key: ProfileField, on: boolean) => {
    const next = new Set(accepted);
    if (on) next.add(key);
    else next.delete(key);
    setAccepted(next);
  };

  const onSave = async () => {
    const times = postingTimesFromText(review.postingTimes);
    if ('invalid' in times && accepted.has('postingTimes')) {
      return setProblem(`"${times.invalid}" is not a time: use HH:MM, like 09:00 or 17:30.`);
    }
    const chosen = acceptedProfile(
      {
        brandVoice: review.brandVoice,
        contentGuidelines: review.contentGuidelines,
        defaultHashtags: hashtagsFromText(review.defaultHashtags),
        postingTimes: 'times' in times ? times.times : [],
      },
      accepted,
    );
    if (accepted.has('brandVoice') && !review.brandVoice.trim()) return setProblem('Brand voice is required');
    if (!chosen.brand && !chosen.peakHours) return setProblem('Select at least one suggestion to save.');
    if (chosen.brand && !brandSaved) {
      if (!brandName.trim()) return setProblem('Brand name is required');
      chosen.brand.brandName = brandName.trim();
    }
    setProblem(null);
    setSaving(true);
    const report: SaveReport = { saved: [], failed: [] };
    const labels = (keys: ProfileField[]) =>
      profileFields.filter((f) => keys.includes(f.key)).map((f) => f.label.toLowerCase());
    if (chosen.brand) {
      const what = `Brand Settings (${labels(Object.keys(chosen.brand) as ProfileField[]).join(', ')})`;
      try {
        await saveBrand({ variables: { input: brandInput(brand, chosen.brand) } });
        report.saved.push(what);
      } catch (error) {
        report.failed.push({ what, message: userFacingMessage(error, 'Failed to update brand settings.') });
      }
    }
    if (chosen.peakHours) {
      const what = `Posting Schedule (peak hours ${chosen.peakHours.join(', ')})`;
      try {
        const { data } = await client.query({ query: SCHEDULE_SETTINGS_QUERY, fetchPolicy: 'network-only' });
        if (!data) throw new Error('no schedule');
        await saveTimes({ variables: { input: scheduleWithPeakHours(data.scheduleSettings, chosen.peakHours) } });
        report.saved.push(what);
      } catch (error) {
        report.failed.push({ what, message: userFacingMessage(error, 'The posting times could not be saved.') });
      }
    }
    setSaving(false);
    if (report.failed.length === 0)
      toast({ title: 'Profile Saved', description: `Saved to ${report.saved.join(' and ')}.` });
    onSaved(report);
  };

  const field = (key: ProfileField, control: ReactNode, help: string) => {
    const meta = profileFields.find((f) => f.key === key)!;
    return (
      <Card.Root key={key} variant="outline" borderRadius="lg" opacity={accepted.has(key) ? 1 : 0.6}>
        <Card.Body gap="3">
          <HStack justify="space-between" wrap="wrap">
            <Checkbox.Root
              checked={accepted.has(key)}
              onCheckedChange={(e) => toggle(key, e.checked === true)}
              colorPalette="brand"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontWeight="semibold">Use {meta.label.toLowerCase()}</Checkbox.Label>
            </Checkbox.Root>
            <Text textStyle="xs" color="fg.muted">
              Saved to {meta.savedTo}
            </Text>
          </HStack>
          {control}
          <Text textStyle="xs" color="fg.muted">
            {help}
          </Text>
        </Card.Body>
      </Card.Root>
    );
  };

  return (
    <Stack gap="4" as="section" aria-label="Review the draft">
      <Text color="fg.muted">
        Here is what the AI suggests. Edit anything, untick what you do not want, and save. Nothing is saved until you
        do.
      </Text>
      {!brandSaved && (
        <Card.Root variant="outline" borderRadius="lg">
          <Card.Body gap="2">
            <Field.Root required>
              <Field.Label>
                Brand name
                <Field.RequiredIndicator />
              </Field.Label>
              <Input value={brandName} placeholder="Corner Bakery" onChange={(e) => setBrandName(e.target.value)} />
              <Field.HelperText>
                Your brand is new to Brandloom: give it its name along with the profile.
              </Field.HelperText>
            </Field.Root>
          </Card.Body>
        </Card.Root>
      )}
      {field(
        'brandVoice',
        <Input
          aria-label="Brand voice"
          value={review.brandVoice}
          onChange={(e) => onChange({ ...review, brandVoice: e.target.value })}
        />,
        'How your posts sound.',
      )}
      {field(
        'contentGuidelines',
        <Textarea
          aria-label="Content guidelines"
          rows={4}
          value={review.contentGuidelines}
          onChange={(e) => onChange({ ...review, contentGuidelines: e.target.value })}
        />,
        'What every post should and should not do.',
      )}
      {field(
        'defaultHashtags',
        <Input
          aria-label="Default hashtags"
          value={review.defaultHashtags}
          onChange={(e) => onChange({ ...review, defaultHashtags: e.target.value })}
        />,
        'Separated by spaces; added to posts when they fit.',
      )}
      {field(
        'postingTimes',
        <Input
          aria-label="Posting times"
          value={review.postingTimes}
          onChange={(e) => onChange({ ...review, postingTimes: e.target.value })}
        />,
        'HH:MM, 24-hour, in your schedule’s timezone; they become your Posting Schedule’s peak hours.',
      )}
      {problem && (
        <Alert.Root status="error" borderRadius="lg" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{problem}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <HStack justify="space-between">
        <Button variant="ghost" onClick={onStartOver}>
          Start over
        </Button>
        <Button colorPalette="brand" loading={saving} onClick={() => void onSave()}>
          Save selected
          <ArrowRight aria-hidden />
        </Button>
      </HStack>
    </Stack>
  );
}

function Saved({ report, onBack }: { report: SaveReport; onBack: () => void }) {
  return (
    <Card.Root variant="outline" borderRadius="xl" as="section" aria-label="Saved">
      <Card.Header>
        <Card.Title as="h2">{report.failed.length ? 'Partly saved' : 'Your brand profile is saved'}</Card.Title>
      </Card.Header>
      <Card.Body gap="4">
        {report.saved.length > 0 && (
          <Stack gap="1">
            <Text fontWeight="semibold">Saved</Text>
            <List.Root ps="5">
              {report.saved.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List.Root>
          </Stack>
        )}
        {report.failed.map((failure) => (
          <Alert.Root key={failure.what} status="error" borderRadius="lg" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Not saved: {failure.what}</Alert.Title>
              <Alert.Description>{failure.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ))}
        <HStack gap="3" wrap="wrap">
          {report.failed.length > 0 && (
            <Button variant="outline" onClick={onBack}>
              Back to the draft
            </Button>
          )}
          <Button asChild colorPalette="brand">
            <RouterLink to="/quick-setup">Continue with Quick Setup</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/brand-settings">Open Brand Settings</RouterLink>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
