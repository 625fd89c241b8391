import { useTranslation } from '../../../i18n/use-translation';
import { formatNaira } from '@marketplace/shared/money';
import type { AuditEntry } from '@marketplace/shared/schemas/admin';
import { LoadMore } from '../../../components/ui/load-more';
import { formatDateTime } from '../../../lib/format-date';
import type { AdminProduct } from '../api/get-admin-product';
import { useAuditEntries } from '../api/get-audit-entries';

// The listing fields the audit log names; bookkeeping columns (ids, timestamps) are left out.
const AUDITED_FIELDS = [
  'title',
  'description',
  'specification',
  'category',
  'condition',
  'tag',
  'price',
  'priceCategory',
  'location',
  'status',
  'rejectionReason',
  'isAvailable',
  'primaryImageIndex',
  'videoId',
] as const;
type AuditedField = (typeof AUDITED_FIELDS)[number];

const AUDIT_ACTIONS = ['approve', 'reject', 'edit', 'delete'] as const;
type AuditAction = (typeof AUDIT_ACTIONS)[number];

function isAuditAction(value: string): value is AuditAction {
  return AUDIT_ACTIONS.some((action) => action === value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type FieldChange = { field: AuditedField; before: unknown; after: unknown };

// What an entry changed: the audited fields whose value differs between the two snapshots.
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = isRecord(entry.before) ? entry.before : {};
  const after = isRecord(entry.after) ? entry.after : {};
  return AUDITED_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field])).map(
    (field) => ({ field, before: before[field], after: after[field] }),
  );
}

// The stored words of the fields that hold one of a few values, in the reader's language (issue 32); a
// value we have no word for is shown as stored.
const WORD_KEYS: Partial<Record<AuditedField, (value: string) => string>> = {
  status: (value) => `admin.audit.statuses.${value}`,
  category: (value) => `admin.categories.${value}`,
  condition: (value) => `admin.conditions.${value}`,
  tag: (value) => `admin.edit.tags.${value === 'Donate' ? 'donate' : 'sell'}`,
  priceCategory: (value) => `listings.priceRange.${value}`,
};

function AuditValue({ field, value }: { field: AuditedField; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') {
    return <span className="text-body-secondary">{t('admin.audit.noValue')}</span>;
  }
  if (typeof value === 'boolean') return <>{value ? t('admin.audit.yes') : t('admin.audit.no')}</>;
  if (field === 'price' && typeof value === 'number') return <>{formatNaira(value)}</>;
  const wordKey = WORD_KEYS[field];
  if (wordKey && typeof value === 'string') return <>{t(wordKey(value), { defaultValue: value })}</>;
  if (typeof value === 'string' || typeof value === 'number') return <>{String(value)}</>;
  return <code>{JSON.stringify(value)}</code>;
}

// spec §2 (admin edit): who did what to the listing, when, and each changed field before → after; newest first,
// the newest 50 with the listing and the rest with Load more (decision 091).
export function AuditLog({ product, fetchedAt }: { product: AdminProduct; fetchedAt: number }) {
  const { t } = useTranslation();
  const pages = useAuditEntries(product, fetchedAt);
  const entries = pages.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) return <p className="text-body-secondary">{t('admin.audit.empty')}</p>;
  return (
    <>
      <AuditEntries entries={entries} />
      <LoadMore pages={pages} className="mt-2" />
    </>
  );
}

function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation();
  return (
    <ol className="list-unstyled d-grid gap-3 mb-0">
      {entries.map((entry) => {
        const changes = entry.action === 'delete' ? [] : changesOf(entry);
        const action = isAuditAction(entry.action) ? t(`admin.audit.actions.${entry.action}`) : entry.action;
        return (
          <li key={entry.id} className="card card-body py-2">
            <p className="mb-1">
              <strong>{action}</strong> {t('admin.audit.by', { email: entry.adminEmail })}{' '}
              <time dateTime={entry.createdAt} className="text-body-secondary">
                {formatDateTime(entry.createdAt)}
              </time>
            </p>
            {changes.length === 0 ? (
              <p className="small text-body-secondary mb-0">
                {entry.action === 'delete' ? t('admin.audit.deleted') : t('admin.audit.noChanges')}
              </p>
            ) : (
              <dl className="small mb-0 row">
                {changes.map((change) => (
                  <div key={change.field} className="col-12 d-flex flex-wrap gap-1">
                    <dt className="fw-semibold">{t(`admin.audit.fields.${change.field}`)}:</dt>
                    <dd className="mb-0 text-break">
                      <AuditValue field={change.field} value={change.before} />{' '}
                      <span aria-hidden="true">→</span>
                      <span className="visually-hidden">{t('admin.audit.changedTo')}</span>{' '}
                      <AuditValue field={change.field} value={change.after} />
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
