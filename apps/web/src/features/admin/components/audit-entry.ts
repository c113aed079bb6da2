import type { AuditEntry } from '@lumiskin/contract/admin';
import { formatDateTime, formatNumber } from '@/lib/format';

/*
 * An audit entry as staff read it (issue 34): a sentence saying who did what to which thing, and
 * the fields that changed with their labels, old and new values — not the stored JSON.
 */

type Snapshot = Record<string, unknown> | null;

export interface AuditChange {
  label: string;
  before: string;
  after: string;
}

const LABELS: Record<string, string> = {
  price_pence: 'Price',
  short_description: 'Short description',
  key_ingredients: 'Key ingredients',
  time_of_use: 'Time of use',
  how_to_use: 'How to use',
  suitable_for: 'Suitable for',
  formulation_category: 'Formulation category',
  formulation_flags: 'Formulation',
  image_url: 'Image',
  suspended_at: 'Suspended since',
  published_at: 'Published',
  updated_at: 'Updated',
  content_length: 'Length (characters)',
  question_text: 'Question',
  category_id: 'Category',
  estimated_time: 'Minutes',
  badge_reward: 'Badge',
  signups_open: 'Sign-ups open',
  scans_open: 'Scans open',
  revoked_sessions: 'Sessions signed out',
  containsRetinoid: 'Contains a retinoid',
  containsExfoliatingAcid: 'Contains an exfoliating acid',
  containsVitaminC: 'Contains vitamin C',
};

/** 'short_description' → 'Short description', 'dark_circles' → 'Dark circles'. */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const MAX_TEXT = 80;

/** A stored value as a person reads it: money in pounds, yes/no, dates in their locale. */
export function readableValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'price_pence' && typeof value === 'number') {
    return `£${formatNumber(value / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDateTime(value) || value;
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    const items = value.map((item: unknown) =>
      typeof item === 'object' && item !== null && 'text' in item
        ? String((item as { text: unknown }).text)
        : String(item),
    );
    return readableValue('', items.join(', '));
  }
  return readableValue(
    '',
    Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${readableValue(k, v)}`)
      .join('; '),
  );
}

/** Object-valued fields (formulation flags) are compared key by key, one level down. */
function flatten(snapshot: Snapshot): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(snapshot ?? {})) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>)) out.set(inner, v);
    } else {
      out.set(key, value);
    }
  }
  return out;
}

/** Fields never worth a line: ids the sentence already names, and derived counters. */
const SKIP = new Set(['id', 'slug_id', 'updated_at']);

/** The fields whose value differs between before and after, labelled, in the entry's order. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const before = flatten(entry.before);
  const after = flatten(entry.after);
  const keys = [...new Set([...before.keys(), ...after.keys()])].filter((k) => !SKIP.has(k));
  const changes: AuditChange[] = [];
  for (const key of keys) {
    const was = before.get(key);
    const now = after.get(key);
    if (entry.before && entry.after && JSON.stringify(was) === JSON.stringify(now)) continue;
    changes.push({
      label: fieldLabel(key),
      before: entry.before ? readableValue(key, was) : '',
      after: entry.after ? readableValue(key, now) : '',
    });
  }
  return changes;
}

const text = (snapshot: Snapshot, key: string): string | null => {
  const value = snapshot?.[key];
  return typeof value === 'string' && value.trim() ? value : null;
};

/** The thing an entry is about, by the name it had (a deleted account keeps its name here). */
function subjectOf(entry: AuditEntry): string {
  const name =
    text(entry.after, 'name') ??
    text(entry.before, 'name') ??
    text(entry.after, 'title') ??
    text(entry.before, 'title');
  if (name) return entry.entity === 'article' ? `“${name}”` : name;
  return entry.entity_id;
}

const quote = (value: string | null) => (value ? `“${value}”` : 'a question');

/** "Ada Admin (admin) changed the price of AquaHydra from £12.00 to £14.00." */
export function auditSentence(entry: AuditEntry): string {
  const who = `${entry.actor_name} (${entry.actor_role})`;
  const it = subjectOf(entry);
  const field = (key: string) => ({
    from: readableValue(key, entry.before?.[key]),
    to: readableValue(key, entry.after?.[key]),
  });
  const what = (() => {
    switch (entry.action) {
      case 'user.role': {
        const { from, to } = field('role');
        return `changed the role of ${it} from ${from} to ${to}`;
      }
      case 'user.suspend':
        return `suspended ${it}`;
      case 'user.unsuspend':
        return `lifted the suspension of ${it}`;
      case 'user.reset_link':
        return `sent a password reset link to ${it}`;
      case 'user.sign_out':
        return `signed ${it} out of every device`;
      case 'user.delete':
        return `deleted the account of ${it}`;
      case 'user.bootstrap_create':
        return `created the admin account ${it}`;
      case 'user.bootstrap_promote':
        return `made ${it} an admin`;
      case 'user.bootstrap_password':
        return `set a new password for the admin ${it}`;
      case 'product.create':
        return `added the product ${it}`;
      case 'product.copy':
        return `edited the description of ${it}`;
      case 'product.price': {
        const { from, to } = field('price_pence');
        return `changed the price of ${it} from ${from} to ${to}`;
      }
      case 'product.hide':
        return `hid ${it} from the shop`;
      case 'product.unhide':
        return `put ${it} back in the shop`;
      case 'product.featured':
        return entry.after?.featured ? `featured ${it}` : `stopped featuring ${it}`;
      case 'product.formulation':
        return `changed what the recommender reads about ${it}`;
      case 'product.image':
        return `replaced the image of ${it}`;
      case 'article.create':
        return `wrote the article ${it}`;
      case 'article.update':
        return `edited the article ${it}`;
      case 'article.delete':
        return `deleted the article ${it}`;
      case 'quiz_question.create':
        return `added the quiz question ${quote(text(entry.after, 'question_text'))}`;
      case 'quiz_question.update':
        return `edited the quiz question ${quote(text(entry.after, 'question_text'))}`;
      case 'quiz_category.create':
        return `added the quiz category ${it}`;
      case 'quiz_category.update':
        return `edited the quiz category ${it}`;
      case 'quiz_category.hide':
        return `hid the quiz category ${it}`;
      case 'quiz_category.unhide':
        return `showed the quiz category ${it} again`;
      case 'quiz_category.order':
        return 'reordered the quiz categories';
      case 'setting.update':
        return `changed the setting “${fieldLabel(entry.entity_id)}”`;
      default:
        return `did ${entry.action.replaceAll('_', ' ')} on ${entry.entity.replaceAll('_', ' ')} ${it}`;
    }
  })();
  return `${who} ${what}.`;
}
