import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DataCredits, LegalPage, type LegalSection } from '@/features/legal/components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'service',
    title: 'What Lumiskin is',
    body: (
      <p>
        Lumiskin is a skin-care companion: it scores your skin from a photo, suggests a morning and
        evening routine, lets you build a mix of one base and up to two boosters, and offers
        articles and a quiz. By creating an account you agree to these terms and to our{' '}
        <Link to={paths.privacy.href} className="font-semibold text-primary-text hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'not-medical',
    title: 'Not medical advice',
    body: (
      <p>
        Scores and findings describe how your skin looks in one photo under the light you had. They
        are guidance for everyday care, not a diagnosis. If something worries you — a mole that
        changes, a rash that spreads, pain — please see a doctor or dermatologist.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>Give a real email, so you can reset your password if you forget it.</li>
        <li>Keep your password to yourself; you are responsible for what happens under it.</li>
        <li>Only upload photos of yourself, or of someone who has agreed to it.</li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    title: 'Your photos and data',
    body: (
      <p>
        Your photos, scans and notes remain yours. You give us only the permission needed to store
        them and run the analysis for you. Photos are re-encoded, have their EXIF and GPS data
        removed, are stored privately and are visible only to you. You can export everything or
        delete it at any time; deleting a scan deletes its photo, and deleting your account deletes
        all of it.
      </p>
    ),
  },
  {
    id: 'shop',
    title: 'Shop and prices',
    body: (
      <p>
        Prices are in pounds sterling and include VAT. A mix holds one base and up to two boosters;
        everyday products can be added beside them. Check ingredient lists for allergies and
        patch-test new products.
      </p>
    ),
  },
  {
    id: 'fair-use',
    title: 'Fair use',
    body: (
      <p>
        Please do not try to reach other people&apos;s data, overload the service, or scrape it.
        Scans are limited per hour so the service stays quick for everyone.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your account',
    body: (
      <p>
        You can delete your account whenever you like from Profile → Settings. We may close accounts
        that break these terms, and will tell you why by email.
      </p>
    ),
  },
  {
    id: 'credits',
    title: 'Data credits',
    body: <DataCredits />,
  },
];

export default function TermsRoute() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2026"
      intro="The agreement between you and Lumiskin, kept short and in plain English."
      sections={sections}
    />
  );
}
