import { DAILY_CHALLENGE } from '@lumiskin/contract/constants';
import { BrainIcon, FlameIcon, TimerIcon, TrophyIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * What the daily challenge really pays (docs/quiz-rules.md): 5 questions worth 10–20 points each by
 * difficulty, so 50–100 points for a perfect run, plus a streak bonus of 10 × (streak − 1) capped
 * at 100. The spec's landing copy said 10–50 points; the rules win (docs/decisions/010, 022).
 */
const FACTS = [
  { icon: BrainIcon, label: `${DAILY_CHALLENGE.questions} questions` },
  { icon: TimerIcon, label: `About ${DAILY_CHALLENGE.minutes} minutes` },
  {
    icon: TrophyIcon,
    label: `Up to ${DAILY_CHALLENGE.maxPoints} points (${DAILY_CHALLENGE.pointsPerRightAnswer.min}–${DAILY_CHALLENGE.pointsPerRightAnswer.max} a right answer)`,
  },
  {
    icon: FlameIcon,
    label: `Daily streak bonus up to ${DAILY_CHALLENGE.maxStreakBonus} points`,
  },
];

export function QuizPromo() {
  return (
    <section aria-labelledby="quiz-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
      <div className="relative overflow-hidden rounded-[2rem] bg-[#2a1454] px-6 py-12 text-white sm:px-12 lg:py-16">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(50%_70%_at_85%_20%,rgb(167_139_250/0.55),transparent_70%),radial-gradient(40%_60%_at_10%_90%,rgb(249_164_134/0.35),transparent_70%)]"
        />
        <div className="relative grid gap-10 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <p className="text-xs font-semibold tracking-[0.14em] text-[#ddd3fe] uppercase">
              Skin IQ
            </p>
            <h2 id="quiz-title" className="mt-3 text-h1 font-semibold text-balance">
              Test what you know, one daily quiz at a time
            </h2>
            <p className="mt-4 max-w-xl leading-relaxed text-[#e9e3f7]">
              Short questions on ingredients, sun care and skin types, with a clear explanation
              after each answer. Earn points, level up and keep your streak going.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button
                asChild
                size="lg"
                className="bg-white text-[#2a1454] shadow-none hover:bg-[#f1ecfe]"
              >
                <Link to={paths.quiz.href}>Start Daily Quiz</Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white/40 bg-transparent text-white hover:border-white hover:bg-white/10 hover:text-white"
              >
                <Link to={paths.quiz.href}>Explore Categories</Link>
              </Button>
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-3">
            {FACTS.map(({ icon: Icon, label }) => (
              <li
                key={label}
                className="rounded-2xl border border-white/15 bg-white/10 p-4 backdrop-blur reduced-transparency:bg-[#3f2c65] reduced-transparency:backdrop-blur-none"
              >
                <Icon className="size-5 text-[#fdba9a]" aria-hidden />
                <p className="mt-3 text-sm font-semibold">{label}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
