import { useEffect, useSyncExternalStore } from 'react';

/**
 * One prompt at a time (issue 34; decision 080). The reminders card and the install banner used to
 * open on their own and sat exactly on top of each other (the Install button under the card could
 * not be clicked). Each prompt now asks for the one slot; the slot goes to the first in PRIORITY
 * among those waiting, and a prompt on screen keeps it until it is answered or its page is left.
 */
export type PromptId = 'update' | 'push' | 'install';

/**
 * A new version first (its old code may no longer load the next page, decision 188); then
 * reminders, which serve a person who already has a routine; installing can wait.
 */
const PRIORITY: readonly PromptId[] = ['update', 'push', 'install'];

const waiting = new Set<PromptId>();
let shown: PromptId | null = null;
const listeners = new Set<() => void>();

function settle() {
  const next =
    shown !== null && waiting.has(shown) ? shown : (PRIORITY.find((id) => waiting.has(id)) ?? null);
  if (next === shown) return;
  shown = next;
  for (const listener of listeners) listener();
}

/** `id` would like to show; it does once it holds the slot (see shownPrompt). */
export function requestPrompt(id: PromptId): void {
  waiting.add(id);
  settle();
}

/** `id` no longer wants to show (answered, dismissed, or its page left): the next one may. */
export function withdrawPrompt(id: PromptId): void {
  waiting.delete(id);
  settle();
}

/** The prompt holding the slot, or null. */
export function shownPrompt(): PromptId | null {
  return shown;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the prompt `id`, which wants to show when `wants`, holds the slot now. */
export function usePromptSlot(id: PromptId, wants: boolean): boolean {
  useEffect(() => {
    if (!wants) return;
    requestPrompt(id);
    return () => withdrawPrompt(id);
  }, [id, wants]);
  return useSyncExternalStore(
    subscribe,
    () => shown === id,
    () => false,
  );
}

/** Whether any prompt is on screen (the layout makes room for it; the quick scan steps aside). */
export function useIsPromptShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown !== null,
    () => false,
  );
}
