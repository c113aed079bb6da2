import { DataCredits, LegalPage, type LegalSection } from '@/features/legal/components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'summary',
    title: 'The short version',
    body: (
      <>
        <p>
          Lumiskin analyses your skin on our own server with our own software. Your photos are
          stored privately, only you can see them, and they are deleted when you delete the scan or
          your account. We do not sell your data, and nothing is sent to another company unless the
          operator of this Lumiskin installation has switched an optional service on (section 5).
        </p>
      </>
    ),
  },
  {
    id: 'photos',
    title: 'Your photos',
    body: (
      <>
        <p>When you take or upload a photo for a scan:</p>
        <ul>
          <li>
            <strong>It is re-encoded</strong> on arrival into a fresh image, so anything hidden in
            the original file does not survive.
          </li>
          <li>
            <strong>EXIF metadata is stripped</strong>, including GPS coordinates, camera model and
            the time the photo was taken: by the app on your device before a photo you upload is
            sent, and again on arrival.
          </li>
          <li>
            <strong>It is stored privately</strong>, outside the public website, and is served only
            to you when you are signed in. No other user, and no link you could share by accident,
            can open it.
          </li>
          <li>
            <strong>It is deleted</strong> with the scan it belongs to, or with your account.
          </li>
        </ul>
        <p>Photos are never used to train models and never shown in marketing.</p>
      </>
    ),
  },
  {
    id: 'findings',
    title: 'Scores and findings',
    body: (
      <>
        <p>
          Each scan produces scores (for example hydration, oiliness, redness and texture), short
          plain-English findings, and a suggested morning and evening routine. These are kept with
          the scan so you can follow your progress on the dashboard. They describe how your skin
          looked in one photo; they are not a medical diagnosis.
        </p>
        <p>
          We also keep the town you gave for the scan (so climate and UV can shape your routine),
          the scan type and the concerns you ticked.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account and other data',
    body: (
      <ul>
        <li>
          Your name, email, a one-way hash of your password, your skin type, concerns and notes.
        </li>
        <li>Your routine, its history, your product mix, favourites and saved articles.</li>
        <li>Quiz answers, points and badges.</li>
        <li>Your settings: email notifications, data sharing and marketing preferences.</li>
        <li>Sign-in sessions (a token per device), so you stay signed in.</li>
      </ul>
    ),
  },
  {
    id: 'optional-services',
    title: 'Optional services (off by default)',
    body: (
      <>
        <p>
          Lumiskin works fully without outside services. The operator of an installation may turn on
          any of these; each is off unless configured:
        </p>
        <ul>
          <li>
            <strong>An external skin-analysis service</strong>: the scan photo is sent to it and its
            scores are combined with ours. The result is then labelled with that source.
          </li>
          <li>
            <strong>A chat-model writer</strong>: your scores and findings (never the photo) are
            sent to write the report text.
          </li>
          <li>
            The photo consent you give before your first scan names each of these two that is on, by
            its address; if one is turned on later, you are asked again before your next scan.
          </li>
          <li>
            <strong>Live weather</strong>: the coordinates of the town you chose (not your device
            position) are sent to a weather service to read humidity and temperature.
          </li>
          <li>
            <strong>Email</strong>: password-reset links are sent through the operator&apos;s mail
            server.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'location',
    title: 'Location',
    body: (
      <p>
        Town names are looked up in a gazetteer stored on our own server; if you allow it, your
        browser&apos;s position or your IP address is matched to the nearest town the same way,
        without calling anyone else. Only the town name is kept with the scan.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Export and deletion',
    body: (
      <>
        <p>
          <strong>Export</strong>: Profile → Settings → Export my data downloads everything we hold
          about you as one JSON file, photos included. The dashboard also exports your scans as CSV
          or JSON.
        </p>
        <p>
          <strong>Withdraw</strong>: Profile → Settings → Photo analysis consent withdraws the
          consent you gave before your first scan; no photo is analysed again until you agree once
          more. The scans and photos you have stay until you delete them.
        </p>
        <p>
          <strong>Delete</strong>: you can delete any single scan, or your whole account from
          Profile → Settings → Danger Zone. Deleting the account removes your profile, scans,
          photos, routine, mix, quiz data and sessions at once, and signs you out everywhere.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep things',
    body: (
      <ul>
        <li>Scans, photos and findings: until you delete them or your account.</li>
        <li>Sign-in sessions: until you sign out, change your password, or they expire.</li>
        <li>Password-reset links: one hour, and they work only once.</li>
        <li>
          After you delete your account nothing of yours remains in the live database but two
          records kept for the accounts and for accountability: your orders, without your name,
          address, phone or any link to you; and the staff log of what staff did to your account (a
          suspension, a password-reset link sent), which names you and cannot be edited by anyone.
          Deleted data can stay in the database&apos;s own files until they are reused, and backups
          the operator keeps follow the operator&apos;s own schedule.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        Lumiskin keeps your sign-in token, your theme and a visitor&apos;s mix in your
        browser&apos;s local storage. There are no advertising or tracking cookies.
      </p>
    ),
  },
  {
    id: 'credits',
    title: 'Data credits',
    body: <DataCredits />,
  },
];

export default function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2026"
      intro="What Lumiskin does with your photos, your skin findings and your account — in plain English."
      sections={sections}
    />
  );
}
