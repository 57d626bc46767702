import { Alert, Badge, Button, Card, HStack, Link, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import { userFacingMessage } from '../../lib/errors';

const TEST_OPENAI_MUTATION = graphql(`
  mutation TestOpenAiScreen {
    testOpenAi {
      success
      message
      testContent
    }
  }
`);

type Outcome = { success: boolean; message: string; testContent: string | null };

export function TestOpenAiPage() {
  const [test, { loading }] = useMutation(TEST_OPENAI_MUTATION);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onTest = async () => {
    let result: Outcome;
    try {
      const { data } = await test();
      result = data?.testOpenAi ?? { success: false, message: 'No answer from the server', testContent: null };
    } catch (error) {
      result = { success: false, message: userFacingMessage(error, 'The test could not run'), testContent: null };
    }
    setOutcome(result);
    if (result.success) toast({ title: 'OpenAI Test Successful', description: 'Your API key is working correctly!' });
    else toast({ title: 'OpenAI Test Failed', description: result.message, variant: 'destructive' });
  };

  const keyMissing = outcome && !outcome.success && outcome.message.includes('API key not configured');

  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <PageHeader
        title="Test AI Connection"
        subtitle="Check that your AI provider key works before you generate posts."
      />
      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body gap="4">
          <HStack justify="space-between" wrap="wrap">
            <Button colorPalette="brand" loading={loading} onClick={() => void onTest()}>
              Test OpenAI Connection
            </Button>
            {outcome && (
              <Badge size="lg" colorPalette={outcome.success ? 'green' : 'red'}>
                {outcome.success ? 'Success' : 'Failed'}
              </Badge>
            )}
          </HStack>
          {outcome?.success && <Text>{outcome.message}</Text>}
          {keyMissing && (
            <Alert.Root status="warning" borderRadius="lg">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>API Key Missing</Alert.Title>
                <Alert.Description>
                  Add your OpenAI API key in{' '}
                  <Link asChild color="brand.fg" fontWeight="semibold">
                    <RouterLink to="/api-settings">API Settings</RouterLink>
                  </Link>
                  , then test again.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {outcome && !outcome.success && !keyMissing && (
            <Alert.Root status="error" borderRadius="lg">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Connection Failed</Alert.Title>
                <Alert.Description>{outcome.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {outcome?.testContent && (
            <Stack gap="1">
              <Text fontWeight="semibold">Generated test content</Text>
              <Textarea readOnly value={outcome.testContent} aria-label="Generated test content" />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root variant="subtle" borderRadius="xl">
        <Card.Body>
          <Text fontWeight="semibold" mb="2">
            Setting up your key
          </Text>
          <List.Root as="ol" gap="1" ps="5">
            <List.Item>Create an API key in your OpenAI account (new accounts often get a $5 free credit).</List.Item>
            <List.Item>Paste it in API Settings under the OpenAI tab and save.</List.Item>
            <List.Item>
              Come back here and run the test. A post costs about $0.02; most shops spend $1-3 a month.
            </List.Item>
          </List.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
