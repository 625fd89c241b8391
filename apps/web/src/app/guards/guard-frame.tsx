import { useTranslation } from '../../i18n/use-translation';
import { PageLoading } from '../../components/ui/page-loading';
import { SubPageFrame } from '../../components/ui/sub-page-frame';
import { useRouteFrame } from '../../hooks/use-route-heading';

// What a login-only or admin page shows before the browser has decided whether its reader may see it: on
// the server and while the app hydrates that markup (decision 060), the page's heading (its route's
// `handle.heading`, decision 065), in the pages' own frame, over "Loading…"; a page reached from a list, in
// the frame it draws itself, its way back included.
export function GuardFrame() {
  const { t } = useTranslation();
  const frame = useRouteFrame();
  if (frame === null) return <PageLoading />;
  if (frame.back)
    return (
      <SubPageFrame heading={frame.heading} back={frame.back}>
        <PageLoading />
      </SubPageFrame>
    );
  return (
    <section className="container py-4">
      <title>{`${frame.heading} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-4">{frame.heading}</h1>
      <PageLoading />
    </section>
  );
}
