import {
  CalendarClock,
  ChartLine,
  CreditCard,
  Crown,
  FlaskConical,
  KeyRound,
  LifeBuoy,
  MessageCircleReply,
  Palette,
  Rocket,
  Send,
  ShieldCheck,
  Tags,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** The sidebar, in the product's order. */
export const navItems: readonly NavItem[] = [
  { label: 'Get Started', to: '/', icon: Rocket },
  { label: 'Brand Settings', to: '/brand-settings', icon: Palette },
  { label: 'API Settings', to: '/api-settings', icon: KeyRound },
  { label: 'Schedule Queue', to: '/schedule-queue', icon: CalendarClock },
  { label: 'A/B Testing', to: '/ab-testing', icon: FlaskConical },
  { label: 'Auto-Posting', to: '/auto-posting', icon: Send },
  { label: 'Content Generator', to: '/content-generator', icon: WandSparkles },
  { label: 'AI Response Settings', to: '/comment-responses', icon: MessageCircleReply },
  { label: 'Moderation', to: '/moderation', icon: ShieldCheck },
  { label: 'Analytics Hub', to: '/analytics', icon: ChartLine },
  { label: 'Plans & Pricing', to: '/plans', icon: Tags },
  { label: 'Subscription', to: '/subscription', icon: CreditCard },
  { label: 'Support', to: '/support', icon: LifeBuoy },
  { label: 'Master Admin', to: '/admin', icon: Crown, adminOnly: true },
];

export function visibleNavItems(isAdmin: boolean): NavItem[] {
  return navItems.filter((item) => !item.adminOnly || isAdmin);
}
