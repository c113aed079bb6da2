import { useSyncExternalStore } from 'react';
import {
  getInstallState,
  noInstallState,
  subscribeInstallState,
  type InstallState,
} from '@/lib/platform/install-prompt';

/** Whether the browser currently offers installation (never on the server). */
export function useInstallPrompt(): InstallState {
  return useSyncExternalStore(subscribeInstallState, getInstallState, noInstallState);
}
