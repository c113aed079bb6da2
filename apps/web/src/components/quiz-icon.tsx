import type { QUIZ_CATEGORY_ICONS } from '@lumiskin/contract/admin';
import {
  AwardIcon,
  BookOpenIcon,
  CrownIcon,
  DropletsIcon,
  FlameIcon,
  FlaskConicalIcon,
  FootprintsIcon,
  MedalIcon,
  SparklesIcon,
  SunIcon,
  TargetIcon,
  ZapIcon,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

type QuizCategoryIcon = (typeof QUIZ_CATEGORY_ICONS)[number];

/**
 * The lucide names the server sends for categories and badges (a fixed set, no dynamic import);
 * the admin area offers the same set (contract QUIZ_CATEGORY_ICONS) when a category is edited.
 */
const ICONS: Record<QuizCategoryIcon, LucideIcon> = {
  Award: AwardIcon,
  BookOpen: BookOpenIcon,
  Crown: CrownIcon,
  Droplets: DropletsIcon,
  Flame: FlameIcon,
  FlaskConical: FlaskConicalIcon,
  Footprints: FootprintsIcon,
  Medal: MedalIcon,
  Sparkles: SparklesIcon,
  Sun: SunIcon,
  Target: TargetIcon,
  Zap: ZapIcon,
};

export function QuizIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = (ICONS as Partial<Record<string, LucideIcon>>)[name] ?? AwardIcon;
  return <Icon aria-hidden {...props} />;
}
