/** Every quiz query key starts with this, so one invalidation refreshes the hub. */
export const quizKeys = {
  all: ['quiz'] as const,
  categories: ['quiz', 'categories'] as const,
  stats: ['quiz', 'stats'] as const,
  leaderboard: (limit: number) => ['quiz', 'leaderboard', limit] as const,
  category: (id: string) => ['quiz', 'category', id] as const,
  challenges: ['quiz', 'challenges'] as const,
};
