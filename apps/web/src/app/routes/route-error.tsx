import { useTranslation } from '../../i18n/use-translation';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../lib/load-chunk';

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return null;
}

// A page whose script could not be loaded (a weak or lost connection), after lib/load-chunk.ts tried
// again: a plain sentence in the user's language, and a way to try again, never the technical message.
function ConnectionLost() {
  const { t } = useTranslation();
  return (
    <section className="container py-5" role="alert">
      <h1 className="h3">{t('connectionLost.title')}</h1>
      <p>{t('connectionLost.text')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('common.tryAgain')}
      </button>
    </section>
  );
}

// spec §2: the router's fallback shows 'Unexpected Application Error' with the status and text, or the message.
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ConnectionLost />;
  const detail = describe(error);
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
