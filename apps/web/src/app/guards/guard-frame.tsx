import { useTranslation } from '../../i18n/use-translation';
import { PageLoading } from '../../components/ui/page-loading';
import { useRouteHeading } from '../../hooks/use-route-heading';

// What a login-only or admin page shows before the browser has decided whether its reader may see it: on
// the server and while the app hydrates that markup (decision 060), the page's heading (its route's
// `handle.heading`, decision 065), in the pages' own frame, over "Loading…".
export function GuardFrame() {
  const { t } = useTranslation();
  const heading = useRouteHeading();
  if (heading === null) return <PageLoading />;
  return (
    <section className="container py-4">
      <title>{`${heading} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-4">{heading}</h1>
      <PageLoading />
    </section>
  );
}
