import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A long, calm reading page: title, date, a contents list and numbered sections. */
export function LegalPage({
  title,
  intro,
  updated,
  sections,
}: {
  title: string;
  intro: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${title} — Lumiskin`}</title>
      <p className="text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
        Last updated {updated}
      </p>
      <h1 className="mt-3 text-h1 font-semibold">{title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{intro}</p>
      <nav aria-label="Contents" className="mt-8 rounded-2xl border bg-card p-5 shadow-soft">
        <p className="text-sm font-semibold">Contents</p>
        <ol className="mt-2 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-primary-text hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 grid gap-10">
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-8">
            <h2 id={`${s.id}-title`} className="text-h2 font-semibold">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 grid gap-3 leading-relaxed text-muted-foreground [&_strong]:text-foreground [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:pl-5">
              {s.body}
            </div>
          </section>
        ))}
      </div>
      <p className="mt-12 border-t pt-6 text-sm text-muted-foreground">
        See also our{' '}
        <Link
          to={title.startsWith('Privacy') ? paths.terms.href : paths.privacy.href}
          className="font-semibold text-primary-text hover:underline"
        >
          {title.startsWith('Privacy') ? 'Terms of Service' : 'Privacy Policy'}
        </Link>
        .
      </p>
    </article>
  );
}

/** Third-party data we ship, credited as their licences ask. */
export function DataCredits() {
  return (
    <ul>
      <li>Place data © GeoNames (geonames.org), CC BY</li>
      <li>
        This site or product includes IP2Location LITE data available from{' '}
        <a
          href="https://lite.ip2location.com"
          className="text-primary-text underline"
          rel="noreferrer"
        >
          https://lite.ip2location.com
        </a>
      </li>
    </ul>
  );
}
