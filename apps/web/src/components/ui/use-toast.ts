import { useSyncExternalStore } from 'react';
import type { ToastVariant } from '@/components/ui/toast';

/** docs/product-rules.md#errors-and-messages: one toast at a time, a new one replaces the old; removal after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastTitle = 'Error' | 'Success' | 'Info';

export interface ToastInput {
  title: ToastTitle;
  description?: string;
  variant?: ToastVariant;
  /** One button (Undo); clicking it closes the toast. */
  action?: { label: string; altText: string; onClick: () => void };
  /**
   * Called once when the toast goes without its action used: its time up (a time that stands
   * still while the pointer or the keyboard's focus is on the toasts, or the window is in the
   * background), closed, swiped away or replaced by the next toast. An undoable change is carried
   * out here, so Undo works for exactly as long as it can be seen.
   */
  onClose?: () => void;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

/** No toasts: one array, so "no toasts" is the same snapshot on the server and in the browser. */
const NO_TOASTS: ToastItem[] = [];
let toasts: ToastItem[] = NO_TOASTS;
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** The toasts whose action was used, or whose `onClose` already ran: nothing more to call. */
const settled = new Set<string>();

function settle(item: ToastItem | undefined, used: boolean) {
  if (!item || settled.has(item.id)) return;
  settled.add(item.id);
  if (!used) item.onClose?.();
}

/** Its action was used (Undo): its `onClose` is not called. */
export function toastActionUsed(id: string) {
  settle(
    toasts.find((t) => t.id === id),
    true,
  );
}

export function dismissToast(id: string) {
  settle(
    toasts.find((t) => t.id === id && t.open),
    false,
  );
  setToasts(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      settled.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a toast, replacing the one on screen. Titles follow docs/product-rules.md#errors-and-messages: Error, Success, Info. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const next = [{ ...input, id, open: true }, ...toasts];
  // The toasts a new one replaces go as if closed.
  for (const gone of next.slice(TOAST_LIMIT)) {
    if (gone.open) settle(gone, false);
    settled.delete(gone.id);
  }
  setToasts(next.slice(0, TOAST_LIMIT));
  return id;
}

toast.success = (description: string) => toast({ title: 'Success', description });
toast.error = (description: string) =>
  toast({ title: 'Error', description, variant: 'destructive' });
toast.info = (description: string) => toast({ title: 'Info', description });

/** Drops every toast at once (tests, and a fresh start after signing out). */
export function clearToasts() {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  settled.clear();
  setToasts(NO_TOASTS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    // The server renders, and hydration starts from, no toasts (docs/decisions/013).
    () => NO_TOASTS,
  );
}
