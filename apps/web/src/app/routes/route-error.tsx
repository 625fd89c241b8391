import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return null;
}

// spec §2: the router's fallback shows 'Unexpected Application Error' with the status and text, or the message.
export function RouteError() {
  const { t } = useTranslation();
  const detail = describe(useRouteError());
  return (
    <section className="container py-5" role="alert">
      <h1 className="h3">{t('routeError.title')}</h1>
      {detail && (
        <p>
          <code>{detail}</code>
        </p>
      )}
      <p>{t('errors.INTERNAL_ERROR')}</p>
      <Link to="/" className="btn btn-primary" reloadDocument>
        {t('common.goHome')}
      </Link>
    </section>
  );
}
