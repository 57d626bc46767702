import {
  Badge,
  Button,
  Card,
  CloseButton,
  Dialog,
  Flex,
  Heading,
  HStack,
  Portal,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import type { AdminDashboardQuery } from '../../gql/graphql';
import { ADMIN_ACCOUNT_ACTION_MUTATION, ADMIN_DASHBOARD_QUERY, ADMIN_PLAN_ACTION_MUTATION } from './graphql';

type AdminUser = AdminDashboardQuery['adminUsers'][number];
type Action = 'extend-trial' | 'upgrade' | 'suspend' | 'activate';

const date = (value: string | null | undefined) => (value ? new Date(value).toLocaleDateString() : '—');
const money = (value: number) => `$${value.toLocaleString(undefined, { maximumFractionDigits: 2 })}`;
const actionLabels: Record<string, string> = {
  'extend-trial': 'Trial extended by 7 days',
  upgrade: 'Upgraded to Professional',
  suspend: 'Suspended',
  activate: 'Activated',
};

/** The actions that apply to a user now (spec §4), and only those. */
function applicableActions(user: AdminUser): Action[] {
  const actions: Action[] = [];
  if (user.subscriptionStatus === 'trial') actions.push('extend-trial');
  if (user.subscriptionStatus !== 'active') actions.push('upgrade');
  actions.push(user.isActive ? 'suspend' : 'activate');
  return actions;
}

function StatCard({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card.Root variant="outline" borderRadius="xl">
      <Card.Body gap="1">
        <Text color="fg.muted">{label}</Text>
        <Text textStyle="2xl" fontWeight="bold">
          {value}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {detail}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** Master Admin: the user base at a glance, and the actions on one account. */
export function AdminPage() {
  const { data, loading, refetch } = useQuery(ADMIN_DASHBOARD_QUERY, { fetchPolicy: 'network-only' });
  const [accountAction] = useMutation(ADMIN_ACCOUNT_ACTION_MUTATION);
  const [planAction] = useMutation(ADMIN_PLAN_ACTION_MUTATION);
  const [managing, setManaging] = useState<string | null>(null);
  const [acting, setActing] = useState<Action | null>(null);

  if (loading || !data) {
    return (
      <Flex justify="center" py="10">
        <Spinner />
      </Flex>
    );
  }
  const { accountStats, planStats, adminUsers } = data;
  const user = adminUsers.find((candidate) => candidate.id === managing) ?? null;

  const act = async (action: Action) => {
    if (!user) return;
    setActing(action);
    try {
      const variables = { userId: user.id, action };
      if (action === 'extend-trial' || action === 'upgrade') await planAction({ variables });
      else await accountAction({ variables });
      await refetch();
      setManaging(null);
    } catch (error) {
      // Spec §8: an admin action's failure is only logged.
      console.error('admin action failed', error);
    } finally {
      setActing(null);
    }
  };

  const history = user ? [...user.accountHistory, ...user.planHistory].sort((a, b) => a.at.localeCompare(b.at)) : [];

  return (
    <Stack gap="8">
      <title>Master Admin · Brandloom</title>
      <HStack gap="3">
        <Heading as="h1" size="3xl">
          Admin Dashboard
        </Heading>
        <Badge colorPalette="purple" size="lg">
          <Crown size={14} /> Master Admin
        </Badge>
      </HStack>

      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="5">
        <StatCard
          label="Total Users"
          value={String(accountStats.totalUsers)}
          detail={`${accountStats.activeUsers} active this month`}
        />
        <StatCard
          label="Monthly Revenue"
          value={money(planStats.monthlyRevenue)}
          detail={`${money(planStats.totalRevenue)} lifetime`}
        />
        <StatCard
          label="Conversion Rate"
          value={`${planStats.conversionRate}%`}
          detail={`${planStats.paidUsers} paying users`}
        />
        <StatCard label="User Activity" value={`${planStats.churnRate}%`} detail="monthly churn rate" />
      </SimpleGrid>

      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body>
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row>
                {['User', 'Subscription', 'Status', 'Activity', 'Joined', 'Actions'].map((column) => (
                  <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {adminUsers.map((row) => (
                <Table.Row key={row.id} data-testid={`user-row-${row.email}`}>
                  <Table.Cell>
                    <Text fontWeight="semibold">{`${row.firstName} ${row.lastName}`.trim() || row.email}</Text>
                    <Text color="fg.muted">{row.email}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    {row.subscriptionTier ?? 'trial'} · {row.subscriptionStatus ?? '—'}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={row.isActive ? 'green' : 'red'}>{row.isActive ? 'Active' : 'Suspended'}</Badge>
                  </Table.Cell>
                  <Table.Cell>{date(row.lastActiveAt)}</Table.Cell>
                  <Table.Cell>{date(row.createdAt)}</Table.Cell>
                  <Table.Cell>
                    {!row.isAdmin && (
                      <Button size="xs" variant="outline" onClick={() => setManaging(row.id)}>
                        Manage
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Card.Body>
      </Card.Root>

      <Dialog.Root
        open={user !== null}
        onOpenChange={(details) => !details.open && setManaging(null)}
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content borderRadius="xl">
              <Dialog.Header>
                <Dialog.Title>Manage {user?.email}</Dialog.Title>
              </Dialog.Header>
              {user && (
                <Dialog.Body>
                  <Stack gap="4">
                    <Stack gap="1">
                      <Text fontWeight="semibold">Account</Text>
                      <Text>
                        {user.firstName} {user.lastName} · {user.email}
                      </Text>
                      <Text>Status: {user.isActive ? 'Active' : 'Suspended'}</Text>
                    </Stack>
                    <Stack gap="1">
                      <Text fontWeight="semibold">Subscription</Text>
                      <Text>Tier: {user.subscriptionTier ?? 'trial'}</Text>
                      <Text>Status: {user.subscriptionStatus ?? '—'}</Text>
                      <Text>Trial ends: {date(user.trialEndsAt)}</Text>
                      <Text>Subscription ends: {date(user.subscriptionEndsAt)}</Text>
                    </Stack>
                    <Stack gap="1">
                      <Text fontWeight="semibold">Usage</Text>
                      <Text>
                        Posts created: {user.totalPosts} ({user.monthlyPostsUsed} this month)
                      </Text>
                      <Text>Analytics views: not counted yet (analytics come with the engagement service)</Text>
                      <Text>Last active: {date(user.lastActiveAt)}</Text>
                    </Stack>
                    {history.length > 0 && (
                      <Stack gap="1" data-testid="account-history">
                        <Text fontWeight="semibold">History</Text>
                        {history.map((entry) => (
                          <Text key={`${entry.action}-${entry.at}`} textStyle="sm">
                            {date(entry.at)} · {actionLabels[entry.action] ?? entry.action}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Stack>
                </Dialog.Body>
              )}
              <Dialog.Footer flexWrap="wrap">
                {user &&
                  applicableActions(user).map((action) => (
                    <Button
                      key={action}
                      size="sm"
                      colorPalette={action === 'suspend' ? 'red' : 'brand'}
                      variant={action === 'suspend' ? 'outline' : 'solid'}
                      loading={acting === action}
                      disabled={acting !== null}
                      onClick={() => void act(action)}
                    >
                      {
                        {
                          'extend-trial': 'Extend Trial',
                          upgrade: 'Upgrade',
                          suspend: 'Suspend',
                          activate: 'Activate',
                        }[action]
                      }
                    </Button>
                  ))}
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
