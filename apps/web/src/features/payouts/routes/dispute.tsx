import { useTranslation } from '../../../i18n/use-translation';
import { useParams } from 'react-router';
import { DisputeView } from '../components/dispute-view';

// /disputes/:id (login): the buyer's or the seller's reading of a dispute about their order.
export function DisputeRoute() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  return (
    <DisputeView
      reader="user"
      id={id}
      frame={(title, content) => {
        const heading = title ?? t('protection.dispute.pageTitle');
        return (
          <section className="container py-4">
            <title>{`${heading} · ${t('app.name')}`}</title>
            <h1 className="h3 mb-3">{heading}</h1>
            {content}
          </section>
        );
      }}
    />
  );
}
