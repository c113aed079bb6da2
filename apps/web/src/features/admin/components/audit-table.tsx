import type { AuditEntry } from '@lumiskin/contract/admin';
import { auditChanges, auditSentence } from '@/features/admin/components/audit-entry';
import { formatDateTime } from '@/lib/format';

/** Audit entries as staff read them: when, a sentence of who did what, and what changed. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    // wrap-anywhere: a pasted long word (an article title, a slug, a URL) breaks instead of widening
    // the entry past a phone's screen (break-words leaves the grid's columns at its full width).
    <ol className="divide-y text-sm wrap-anywhere" aria-label="Audit entries">
      {entries.map((entry) => {
        // A deletion says it all in its sentence; a creation lists what it was made with.
        const changes = entry.after ? auditChanges(entry) : [];
        return (
          <li key={entry.id} className="grid gap-1 py-3">
            <p>
              <time dateTime={entry.created_at} className="text-muted-foreground">
                {formatDateTime(entry.created_at)}
              </time>{' '}
              · {auditSentence(entry)}
            </p>
            {changes.length > 0 ? (
              <dl className="grid grid-cols-[minmax(8rem,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5 pl-3 text-xs">
                {changes.map((change) => (
                  <div key={change.label} className="contents">
                    <dt className="text-muted-foreground">{change.label}</dt>
                    <dd>
                      {entry.before ? (
                        <>
                          <span className="sr-only">from </span>
                          <del className="text-muted-foreground">{change.before}</del>
                          <span aria-hidden> → </span>
                          <span className="sr-only"> to </span>
                        </>
                      ) : null}
                      <ins className="no-underline">{change.after}</ins>
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
