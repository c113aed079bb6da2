import { afterEach, describe, expect, it } from 'vitest';
import { requestPrompt, shownPrompt, withdrawPrompt } from '@/lib/prompt-queue';

afterEach(() => {
  withdrawPrompt('update');
  withdrawPrompt('push');
  withdrawPrompt('install');
});

describe('the prompt queue: one prompt at a time', () => {
  it('shows the only prompt that asks', () => {
    expect(shownPrompt()).toBeNull();
    requestPrompt('install');
    expect(shownPrompt()).toBe('install');
  });

  it('never shows two: the reminders card and the install banner take turns', () => {
    requestPrompt('push');
    requestPrompt('install');
    expect(shownPrompt()).toBe('push');
    // Answered: the install banner's turn comes.
    withdrawPrompt('push');
    expect(shownPrompt()).toBe('install');
    withdrawPrompt('install');
    expect(shownPrompt()).toBeNull();
  });

  it('a prompt on screen keeps its place when a higher one asks later', () => {
    requestPrompt('install');
    requestPrompt('push');
    expect(shownPrompt()).toBe('install');
    withdrawPrompt('install');
    expect(shownPrompt()).toBe('push');
  });

  it('a new version of the app goes before reminders and installing', () => {
    requestPrompt('install');
    requestPrompt('push');
    requestPrompt('update');
    withdrawPrompt('install');
    expect(shownPrompt()).toBe('update');
    withdrawPrompt('update');
    expect(shownPrompt()).toBe('push');
  });
});
