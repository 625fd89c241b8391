import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';

type AdminPageProps = { title: string; hasBackLink?: boolean; actions?: ReactNode; children: ReactNode };

// The frame of every admin screen: the document title, the heading and, where the spec asks for one,
// the Back link to the dashboard (spec §2).
export function AdminPage({ title, hasBackLink = false, actions, children }: AdminPageProps) {
  const { t } = useTranslation();
  return (
    <section className="container py-4">
      <title>{`${title} · ${t('admin.title')} · ${t('app.name')}`}</title>
      {hasBackLink && (
        <p className="mb-2">
          <Link to="/adminDashboard" className="link-secondary">
            <span aria-hidden="true">← </span>
            {t('admin.backToDashboard')}
          </Link>
        </p>
      )}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="h3 mb-0 text-break">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
