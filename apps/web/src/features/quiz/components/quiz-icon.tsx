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

/** The lucide names the server sends for categories and badges (a fixed set, no dynamic import). */
const ICONS: Record<string, LucideIcon> = {
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
  const Icon = ICONS[name] ?? AwardIcon;
  return <Icon aria-hidden {...props} />;
}
