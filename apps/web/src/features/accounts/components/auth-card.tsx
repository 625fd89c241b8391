import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

type AuthCardProps = { title: string; children: ReactNode; footer?: ReactNode };

// The frame of the account pages: one narrow card, centred, full width on phones.
export function AuthCard({ title, children, footer }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <div className="container py-4 py-md-5">
      <title>{`${title} · ${t('app.name')}`}</title>
      <div className="card auth-card shadow-sm">
        <div className="card-body p-4">
          <h1 className="h3 mb-4">{title}</h1>
          {children}
        </div>
        {footer && <div className="card-footer bg-transparent text-center small py-3">{footer}</div>}
      </div>
    </div>
  );
}
