import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';

// A page reached from a list (a conversation, from Messages): its title, the way back to the list and its
// heading, over what it shows. The login guard draws the same frame on the server (app/guards/guard-frame.tsx),
// so the page does not move when it takes over, and the way back is a plain link before any script.
export function SubPageFrame({
  heading,
  back,
  children,
}: {
  heading: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="container py-4" style={{ maxWidth: '48rem' }}>
      <title>{`${heading} · ${t('app.name')}`}</title>
      <Link to={back.to} className="small">
        <span aria-hidden="true">← </span>
        {back.label}
      </Link>
      <h1 className="h4 mt-2 mb-1">{heading}</h1>
      {children}
    </section>
  );
}
