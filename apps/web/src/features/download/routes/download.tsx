import type { AppDownloadInfo } from '@lumiskin/contract/download';
import {
  BellRingIcon,
  CameraIcon,
  CheckCircle2Icon,
  DownloadIcon,
  MapPinIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  WifiOffIcon,
  ZapIcon,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDownloadInfo } from '@/features/download/api/get-download-info';
import { promptInstall } from '@/lib/platform/install-prompt';
import { useInstallPrompt } from '@/lib/platform/use-install-prompt';

/** docs/product-rules.md#constants: the button reads "Downloading..." this long after a click. */
export const DOWNLOADING_MS = 3000;

const FEATURES: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: CameraIcon,
    title: 'Native camera',
    text: 'The front camera with framing guides, straight from the app.',
  },
  {
    icon: MapPinIcon,
    title: 'Location-based',
    text: 'UV and humidity where you are shape your routine.',
  },
  {
    icon: BellRingIcon,
    title: 'Smart notifications',
    text: 'Reminders for your routine, quiz and next progress scan.',
  },
  {
    icon: WifiOffIcon,
    title: 'Offline capability',
    text: 'Your routine and latest results stay readable offline.',
  },
  {
    icon: ZapIcon,
    title: 'Native performance',
    text: 'Starts from your home screen and opens where you left off.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Secure and private',
    text: 'Photos are analysed on our server, never sold, and yours to delete.',
  },
];

/**
 * How to install, for what this server offers today (issue 34: the page told people to tap
 * "Download for Android" when there was no such button). With a published APK: the APK's steps.
 * Without one (or before the answer): the web app's, which every phone with Chrome can install.
 */
const APK_STEPS = [
  { title: 'Download', text: 'Tap “Download for Android” above and save lumiskin.apk.' },
  {
    title: 'Enable unknown sources',
    text: 'When Android asks, allow installs from your browser (Settings → Apps → Special access).',
  },
  { title: 'Install', text: 'Open the downloaded file and tap Install.' },
  { title: 'Launch', text: 'Open Lumiskin from your home screen and sign in.' },
];
const WEB_APP_STEPS = [
  {
    title: 'Open Lumiskin in your browser',
    text: 'On your phone, in Chrome, Edge or Samsung Internet (Safari on iPhone).',
  },
  {
    title: 'Add it to your home screen',
    text: 'Tap “Install” when Lumiskin offers it, or open the browser’s menu and choose “Install app” or “Add to Home screen” (on iPhone: Share → Add to Home Screen).',
  },
  { title: 'Launch', text: 'Open Lumiskin from your home screen and sign in.' },
];
const APK_NOTES = [
  'This is a beta: tell us what to improve.',
  'Needs Android 7.0 or newer (API 24) and about 50 MB of free space.',
  'Updates are manual until the store release: download the new version here.',
];
const WEB_APP_NOTES = [
  'The web app is the whole of Lumiskin: scans, routine, quiz and shop.',
  'It updates itself: there is nothing to download again.',
  'What you have opened stays readable offline.',
];

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function AndroidDownload({ info }: { info: AppDownloadInfo['android'] }) {
  const [downloading, setDownloading] = useState(false);
  const install = useInstallPrompt();
  useEffect(() => {
    if (!downloading) return;
    const timer = setTimeout(() => setDownloading(false), DOWNLOADING_MS);
    return () => clearTimeout(timer);
  }, [downloading]);

  if (!info.available)
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground" data-testid="apk-missing">
          The Android app has not been published on this server yet. You can install the web app
          now: it works the same, from your home screen.
        </p>
        <div className="flex flex-wrap gap-3">
          {install.available ? (
            <Button size="lg" onClick={() => void promptInstall()}>
              <DownloadIcon aria-hidden /> Install the web app
            </Button>
          ) : (
            <p className="rounded-xl border bg-muted/40 px-4 py-3 text-sm">
              <strong>Install the web app:</strong> open your browser’s menu and choose “Install
              app” or “Add to Home screen”.
            </p>
          )}
          <Button size="lg" variant="outline" disabled>
            iOS Coming Soon
          </Button>
        </div>
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <Button size="lg" asChild aria-disabled={downloading}>
          <a href={info.url} download="lumiskin.apk" onClick={() => setDownloading(true)}>
            <DownloadIcon aria-hidden /> {downloading ? 'Downloading...' : 'Download for Android'}
          </a>
        </Button>
        <Button size="lg" variant="outline" disabled>
          iOS Coming Soon
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Version {info.version} · {formatMegabytes(info.size_bytes)} · SHA-256{' '}
        <code className="break-all">{info.sha256}</code>
      </p>
    </div>
  );
}

export default function DownloadRoute() {
  const info = useDownloadInfo();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      <title>Get the Lumiskin app — Lumiskin</title>
      <meta
        name="description"
        content="Download Lumiskin for Android or install the web app: skin analysis, routines and reminders on your phone."
      />
      <section className="grid items-center gap-10 md:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
            Mobile app · Beta
          </p>
          <h1 className="mt-3 text-h1 font-semibold">Lumiskin in your pocket</h1>
          <p className="mt-4 text-base leading-relaxed text-muted-foreground">
            Scan with your phone’s camera, get reminders for your routine and keep your results with
            you.
          </p>
          <div className="mt-8">
            {info.data ? (
              <AndroidDownload info={info.data.android} />
            ) : info.isError ? (
              <p className="text-sm text-destructive-soft-foreground">
                Could not check for the Android app. Please try again.
              </p>
            ) : (
              <Skeleton className="h-11 w-64" />
            )}
          </div>
        </div>
        <div
          aria-hidden
          className="mx-auto flex aspect-[9/16] w-48 items-center justify-center rounded-[2rem] border-4 border-foreground/80 bg-gradient-to-b from-primary-soft to-background shadow-soft"
        >
          <SmartphoneIcon className="size-12 text-primary-text" />
        </div>
      </section>

      <section className="mt-16" aria-labelledby="features">
        <h2 id="features" className="text-h2 font-semibold">
          What the app adds
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border bg-card p-5 shadow-soft">
              <Icon className="size-6 text-primary-text" aria-hidden />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <InstallSteps hasApk={info.data?.android.available === true} />
    </div>
  );
}

function InstallSteps({ hasApk }: { hasApk: boolean }) {
  const steps = hasApk ? APK_STEPS : WEB_APP_STEPS;
  const notes = hasApk ? APK_NOTES : WEB_APP_NOTES;
  return (
    <section className="mt-16 grid gap-10 md:grid-cols-2">
      <div aria-labelledby="steps">
        <h2 id="steps" className="text-h2 font-semibold">
          {hasApk ? 'Install on Android' : 'Install the web app'}
        </h2>
        <ol className="mt-6 flex flex-col gap-4">
          {steps.map((step, i) => (
            <li key={step.title} className="flex gap-4">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <div className="flex flex-col gap-6">
        <div className="rounded-2xl border bg-muted/40 p-5" aria-labelledby="notes">
          <h2 id="notes" className="font-semibold">
            Good to know
          </h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm text-muted-foreground">
            {notes.map((note) => (
              <li key={note} className="flex gap-2">
                <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden /> {note}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border p-5" aria-labelledby="timeline">
          <h2 id="timeline" className="font-semibold">
            Coming to the stores
          </h2>
          <p className="mt-3 text-sm text-muted-foreground">
            Google Play and the App Store are planned; there is no date yet. Until then the{' '}
            {hasApk ? 'download above and the ' : ''}web app are the way to have Lumiskin on your
            phone.
          </p>
        </div>
      </div>
    </section>
  );
}
