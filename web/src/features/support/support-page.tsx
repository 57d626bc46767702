import {
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { BookOpen, Mail, MessageCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../components/ui/toaster';
import { userFacingMessage } from '../../lib/errors';
import { CONTACT_SUPPORT_MUTATION } from './graphql';

const emptyForm = { name: '', email: '', category: '', subject: '', message: '' };
type Form = typeof emptyForm;

/** The form's own rules (spec §5), checked here first so the message shows under its field. */
function firstProblem(form: Form): [keyof Form, string] | null {
  if (form.name.trim().length < 2) return ['name', 'Name must be at least 2 characters'];
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) return ['email', 'Please enter a valid email address'];
  if (!['technical', 'billing', 'feature', 'general'].includes(form.category))
    return ['category', 'Please select a category'];
  if (form.subject.trim().length < 5) return ['subject', 'Subject must be at least 5 characters'];
  if (form.message.trim().length < 10) return ['message', 'Message must be at least 10 characters'];
  return null;
}

const commonIssues = [
  'Connection test fails: check the key in API Settings and that the account has access.',
  'Posts not publishing: make sure auto-posting is enabled and the platform is switched on.',
  'Billing questions: your plan and next billing date are on the Subscription page.',
];
const docs = ['Getting started', 'Connecting your social accounts', 'Writing a brand voice', 'Plans and billing'];

/** Support: contact and live-chat cards, common issues, documentation and the contact form. */
export function SupportPage() {
  const [contactSupport] = useMutation(CONTACT_SUPPORT_MUTATION);
  const [form, setForm] = useState<Form>(emptyForm);
  const [problem, setProblem] = useState<[keyof Form, string] | null>(null);
  const [sending, setSending] = useState(false);
  const set = (field: keyof Form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const errorFor = (field: keyof Form) => (problem?.[0] === field ? problem[1] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = firstProblem(form);
    setProblem(found);
    if (found) return;
    setSending(true);
    try {
      const result = await contactSupport({ variables: { input: form } });
      const answer = result.data?.contactSupport;
      if (answer?.fallback) {
        const body = `${form.message}\n\n-- ${form.name} <${form.email}>`;
        window.location.href = `mailto:${answer.supportEmail}?subject=${encodeURIComponent(`[${form.category}] ${form.subject}`)}&body=${encodeURIComponent(body)}`;
        toast({ title: 'Email client opened' });
      } else {
        toast({ title: 'Message sent successfully', description: "We'll get back to you within 24-48 hours" });
      }
      setForm(emptyForm);
    } catch (error) {
      toast({
        title: 'Failed to send message',
        description: userFacingMessage(error, 'Please try again later or email us directly'),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="8" maxW="5xl" mx="auto">
      <title>Support · Brandloom</title>
      <Heading as="h1" size="3xl">
        Support
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <Card.Root variant="outline" borderRadius="xl">
          <Card.Body gap="2">
            <HStack gap="2">
              <Mail size={20} />
              <Heading size="md">Contact support</Heading>
            </HStack>
            <Text color="fg.muted">We answer within 24-48 hours, 7 days a week.</Text>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" borderRadius="xl">
          <Card.Body gap="2">
            <HStack gap="2">
              <MessageCircle size={20} />
              <Heading size="md">Live chat</Heading>
            </HStack>
            <Text color="fg.muted">Mon-Fri 9AM-6PM EST.</Text>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <Stack gap="2">
          <Heading size="lg">Common issues</Heading>
          {commonIssues.map((issue) => (
            <Text key={issue} color="fg.muted">
              {issue}
            </Text>
          ))}
        </Stack>
        <Stack gap="2">
          <Heading size="lg">Documentation</Heading>
          {docs.map((doc) => (
            <HStack key={doc} gap="2">
              <BookOpen size={16} />
              <Text>{doc}</Text>
            </HStack>
          ))}
        </Stack>
      </SimpleGrid>

      <Card.Root variant="outline" borderRadius="xl" asChild>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Card.Header>
            <Heading size="lg">Send us a message</Heading>
          </Card.Header>
          <Card.Body gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root invalid={Boolean(errorFor('name'))}>
                <Field.Label>Name</Field.Label>
                <Input value={form.name} onChange={(event) => set('name')(event.target.value)} />
                <Field.ErrorText>{errorFor('name')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errorFor('email'))}>
                <Field.Label>Email</Field.Label>
                <Input type="email" value={form.email} onChange={(event) => set('email')(event.target.value)} />
                <Field.ErrorText>{errorFor('email')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Field.Root invalid={Boolean(errorFor('category'))}>
              <Field.Label>Category</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={form.category} onChange={(event) => set('category')(event.target.value)}>
                  <option value="">Select a category</option>
                  <option value="technical">Technical</option>
                  <option value="billing">Billing</option>
                  <option value="feature">Feature request</option>
                  <option value="general">General</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errorFor('category')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errorFor('subject'))}>
              <Field.Label>Subject</Field.Label>
              <Input value={form.subject} onChange={(event) => set('subject')(event.target.value)} />
              <Field.ErrorText>{errorFor('subject')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errorFor('message'))}>
              <Field.Label>Message</Field.Label>
              <Textarea rows={5} value={form.message} onChange={(event) => set('message')(event.target.value)} />
              <Field.ErrorText>{errorFor('message')}</Field.ErrorText>
            </Field.Root>
          </Card.Body>
          <Card.Footer>
            <Button type="submit" colorPalette="brand" loading={sending}>
              Send message
            </Button>
          </Card.Footer>
        </form>
      </Card.Root>
    </Stack>
  );
}
