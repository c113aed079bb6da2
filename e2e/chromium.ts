import fs from 'node:fs';

const headlessShell = '/usr/bin/chromium-headless-shell';
const fullChromium = '/usr/bin/chromium';

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser the journeys drive: CHROMIUM_PATH when set, else Debian's Chromium headless shell
 * (the same Chromium without its windowing layer, as Playwright itself runs headless: the suite in
 * three quarters of the time, decision 201), else Debian's full Chromium.
 * scripts/ensure-chromium.sh installs the shell with apt-get when missing and root.
 */
export function chromiumPath(): string {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return chosen;
  return executable(headlessShell) || !executable(fullChromium) ? headlessShell : fullChromium;
}
