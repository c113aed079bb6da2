#!/usr/bin/env node
/**
 * `npm run android:build -w @lumiskin/web`: builds the Android app (docs/android.md) and places it
 * where the server offers it (DOWNLOADS_DIR, default ./downloads at the repository root, as
 * lumiskin.apk with its version beside it). Checks first for everything the build needs that npm
 * cannot install — a JDK 21, the Android SDK, the server address — and says what is missing.
 *
 *   LUMISKIN_APP_URL=https://lumiskin.example.com npm run android:build -w @lumiskin/web
 *   ANDROID_BUILD_TYPE=release (default debug: signed with the SDK's debug key)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '../..');
const androidDir = path.join(webDir, 'android');
const buildType = process.env.ANDROID_BUILD_TYPE === 'release' ? 'release' : 'debug';

const problems = [];

const sdk = process.env.ANDROID_HOME || process.env.ANDROID_SDK_ROOT;
if (!sdk) {
  problems.push(
    'ANDROID_HOME (or ANDROID_SDK_ROOT) is not set. Install the Android SDK (Android Studio, or the\n' +
      '    command-line tools) with platform android-35 and build-tools 35, then export ANDROID_HOME.',
  );
} else if (!existsSync(path.join(sdk, 'platforms'))) {
  problems.push(
    `ANDROID_HOME=${sdk} has no platforms/: run sdkmanager "platforms;android-35" "build-tools;35.0.0"`,
  );
}

const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
const javaVersion = /version "(\d+)/.exec(`${java.stderr ?? ''}${java.stdout ?? ''}`)?.[1];
if (java.error || !javaVersion) {
  problems.push(
    'No java on PATH. Capacitor 7 builds with JDK 21 (e.g. Temurin 21 or openjdk-21-jdk).',
  );
} else if (Number(javaVersion) < 21) {
  problems.push(`java ${javaVersion} found; Capacitor 7's Android Gradle plugin needs JDK 21.`);
}

const appUrl = process.env.LUMISKIN_APP_URL?.trim();
if (!appUrl) {
  problems.push(
    'LUMISKIN_APP_URL is not set: the app must know which Lumiskin server it opens\n' +
      '    (e.g. https://lumiskin.example.com; http:// only for a test server on your network).',
  );
}

if (problems.length > 0) {
  console.error(
    `Cannot build the Android app yet:\n\n  - ${problems.join('\n  - ')}\n\nSee docs/android.md.`,
  );
  process.exit(1);
}

const run = (command, args, cwd = webDir) => {
  console.log(`> ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd, stdio: 'inherit', env: process.env });
};

run('npm', ['run', 'build']);
run('npx', ['cap', 'sync', 'android']);
run(
  path.join(androidDir, process.platform === 'win32' ? 'gradlew.bat' : 'gradlew'),
  [buildType === 'release' ? 'assembleRelease' : 'assembleDebug'],
  androidDir,
);

const apk = path.join(
  androidDir,
  `app/build/outputs/apk/${buildType}/app-${buildType}${buildType === 'release' ? '-unsigned' : ''}.apk`,
);
if (!existsSync(apk)) {
  console.error(`Gradle finished but ${apk} is not there.`);
  process.exit(1);
}
const downloads = path.resolve(repoRoot, process.env.DOWNLOADS_DIR ?? 'downloads');
mkdirSync(downloads, { recursive: true });
copyFileSync(apk, path.join(downloads, 'lumiskin.apk'));
const { version } = JSON.parse(readFileSync(path.join(webDir, 'package.json'), 'utf8'));
writeFileSync(path.join(downloads, 'lumiskin.apk.json'), `${JSON.stringify({ version })}\n`);
console.log(
  `Android app (${buildType}) at ${path.join(downloads, 'lumiskin.apk')}; /download offers it.`,
);
