import { Box, Button, Card, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { SwitchField } from '../../components/switch-field';
import {
  addMonths,
  calendarLocked,
  monthGrid,
  monthOf,
  setPostEveryDay,
  setWeekdaysOnly,
  toggleDate,
  type CalendarChoice,
} from './calendar';

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The month grid of spec §4 "Calendar": the rules live in `calendar.ts`, this only draws them. */
export function CalendarScheduler<C extends CalendarChoice>({
  choice,
  onChange,
  footer,
}: {
  choice: C;
  onChange: (next: C) => void;
  footer: ReactNode;
}) {
  const [shown, setShown] = useState(() => monthOf(new Date()));
  const locked = calendarLocked(choice);
  const title = new Date(shown.year, shown.month, 1).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });

  return (
    <Card.Root variant="outline" borderRadius="xl" as="section" aria-label="Calendar Scheduler">
      <Card.Header>
        <Card.Title>Calendar Scheduler</Card.Title>
        <Card.Description>Choose the days the AI posts on, or let a rule choose them.</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <HStack gap="6" wrap="wrap">
          <SwitchField
            label="Weekdays only"
            checked={choice.weekdaysOnly}
            onChange={(on) => onChange(setWeekdaysOnly(choice, on, monthOf(new Date())))}
          />
          <SwitchField
            label="Post every day"
            checked={choice.postEveryDay}
            onChange={(on) => onChange(setPostEveryDay(choice, on))}
          />
        </HStack>
        <HStack justify="space-between">
          <IconButton
            aria-label="Previous month"
            variant="ghost"
            size="sm"
            disabled={locked}
            onClick={() => setShown((m) => addMonths(m, -1))}
          >
            <ChevronLeft />
          </IconButton>
          <Text fontWeight="semibold" data-testid="calendar-month">
            {title}
          </Text>
          <IconButton
            aria-label="Next month"
            variant="ghost"
            size="sm"
            disabled={locked}
            onClick={() => setShown((m) => addMonths(m, 1))}
          >
            <ChevronRight />
          </IconButton>
        </HStack>
        <SimpleGrid columns={7} gap="1" role="grid" aria-label="Posting days">
          {weekdayNames.map((name) => (
            <Box key={name} textAlign="center" textStyle="xs" color="fg.muted" role="columnheader">
              {name}
            </Box>
          ))}
          {monthGrid(shown).map((cell) => {
            const selected = choice.selectedDates.includes(cell.date);
            return (
              <Button
                key={cell.date}
                size="sm"
                variant={selected ? 'solid' : 'ghost'}
                colorPalette={selected ? 'brand' : 'gray'}
                opacity={cell.inMonth ? 1 : 0.4}
                disabled={locked || !cell.inMonth}
                aria-pressed={selected}
                aria-label={cell.date}
                data-testid="calendar-day"
                onClick={() => onChange(toggleDate(choice, cell))}
              >
                {cell.day}
              </Button>
            );
          })}
        </SimpleGrid>
        <Text textStyle="sm" color="fg.muted" data-testid="selected-dates-count">
          {choice.postEveryDay
            ? 'Posting every day.'
            : `${choice.selectedDates.length} ${choice.selectedDates.length === 1 ? 'day' : 'days'} selected`}
        </Text>
        <Stack>{footer}</Stack>
      </Card.Body>
    </Card.Root>
  );
}
