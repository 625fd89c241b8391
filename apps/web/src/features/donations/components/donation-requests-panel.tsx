import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { LIST_TOTAL_CAP } from '@marketplace/shared/constants';
import type { DonationRequest } from '@marketplace/shared/schemas/donations';
import { LazyConfirmDialog } from '../../../components/ui/lazy-confirm-dialog';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { formatDate } from '../../../lib/format-date';
import { formatCappedCount } from '../../../lib/format-number';
import { useCloseDonationRequests } from '../api/close-donation-requests';
import { useDeclineDonationRequest } from '../api/decline-donation-request';
import { useItemDonationRequests } from '../api/get-item-donation-requests';
import { usePickDonationRecipient } from '../api/pick-donation-recipient';
import { SectionLoading } from '../../../components/ui/page-loading';

type Confirming = { kind: 'pick'; request: DonationRequest } | { kind: 'close' } | null;

// The giver's view of a donated item's requests (decision 025): who asked and why, Give to (pick one
// recipient), Decline, and Close requests; once given, the recipient and their conversation. The requests come a
// page at a time, with Load more (decision 090); where the giveaway stands is read with each page.
export function DonationRequestsPanel({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const requests = useItemDonationRequests(productId);
  const pick = usePickDonationRecipient();
  const decline = useDeclineDonationRequest();
  const close = useCloseDonationRequests();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const isDeciding = pick.isPending || decline.isPending || close.isPending;
  const pages = requests.data?.pages;
  // Where the giveaway stands, as the latest page read says, and every request read so far.
  const latest = pages?.at(-1);
  const shown = pages?.flatMap((page) => page.requests) ?? [];

  let content;
  if (requests.isPending) {
    content = <SectionLoading spacing="mb-0" />;
  } else if (requests.isLoadingError || !latest) {
    content = (
      <LoadFailed message={t('donation.requestsLoadFailed')} onRetry={() => void requests.refetch()} />
    );
  } else {
    const { recipient, conversationId, isClosed } = latest;
    content = (
      <>
        {recipient ? (
          <div className="alert alert-success" role="status">
            <p className="mb-2">{t('donation.givenTo', { username: recipient.username })}</p>
            {conversationId && (
              <Link to={`/messages/${conversationId}`} className="btn btn-sm btn-success text-break">
                {t('donation.openConversationWith', { username: recipient.username })}
              </Link>
            )}
          </div>
        ) : (
          isClosed && (
            <p className="alert alert-secondary" role="status">
              {t('donation.closed')}
            </p>
          )
        )}
        {shown.length === 0 ? (
          <p className="text-body-secondary">{t('donation.noRequests')}</p>
        ) : (
          <ul className="list-unstyled mb-3" aria-labelledby="donation-requests-title">
            {shown.map((request) => (
              <li key={request.id} className="card mb-2">
                <div className="card-body p-2 p-sm-3">
                  <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
                    <h3 className="h6 mb-0 text-break">{request.requester.username}</h3>
                    <span
                      className={`badge ${request.status === 'accepted' ? 'text-bg-success' : 'text-bg-secondary'}`}
                    >
                      {/* The giver sees 'Given by you'; 'Given to you' is the receiver's word (My requests). */}
                      {request.status === 'accepted'
                        ? t('donation.givenByYou')
                        : t(`donation.status.${request.status}`)}
                    </span>
                    <time dateTime={request.createdAt} className="small text-body-secondary ms-auto">
                      {t('donation.requestedOn', { date: formatDate(request.createdAt) })}
                    </time>
                  </div>
                  <p className="mb-2 preserve-lines">{request.reason}</p>
                  {request.status === 'pending' && !isClosed && (
                    <div className="d-flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-sm btn-primary text-break"
                        disabled={isDeciding}
                        onClick={() => setConfirming({ kind: 'pick', request })}
                      >
                        {t('donation.pick', { username: request.requester.username })}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={isDeciding}
                        onClick={() => decline.mutate({ productId, requestId: request.id })}
                      >
                        {t('donation.decline')}{' '}
                        <span className="visually-hidden">({request.requester.username})</span>
                      </button>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <LoadMore pages={requests} className="mb-3" />
        {!isClosed && (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={isDeciding}
            onClick={() => setConfirming({ kind: 'close' })}
          >
            {t('donation.closeRequests')}
          </button>
        )}
      </>
    );
  }

  return (
    <section className="mb-3" aria-labelledby="donation-requests-title" aria-busy={isDeciding}>
      <h2 id="donation-requests-title" className="h5">
        {t('donation.requestsTitle')}
        {latest && (
          <span className="fs-6 fw-normal text-body-secondary">
            {' '}
            ·{' '}
            {t('donation.requestsCount', {
              count: latest.total,
              total: formatCappedCount(latest.totalCapped ? LIST_TOTAL_CAP + 1 : latest.total),
            })}
          </span>
        )}
      </h2>
      {content}
      {confirming?.kind === 'pick' && (
        <LazyConfirmDialog
          title={t('donation.pickConfirmTitle', { username: confirming.request.requester.username })}
          confirmLabel={t('donation.pick', { username: confirming.request.requester.username })}
          onConfirm={() => {
            setConfirming(null);
            pick.mutate({ productId, requestId: confirming.request.id });
          }}
          onCancel={() => setConfirming(null)}
        >
          <p className="mb-0">{t('donation.pickConfirmText')}</p>
        </LazyConfirmDialog>
      )}
      {confirming?.kind === 'close' && (
        <LazyConfirmDialog
          title={t('donation.closeConfirmTitle')}
          confirmLabel={t('donation.closeRequests')}
          tone="danger"
          onConfirm={() => {
            setConfirming(null);
            close.mutate({ productId });
          }}
          onCancel={() => setConfirming(null)}
        >
          <p className="mb-0">{t('donation.closeConfirmText')}</p>
        </LazyConfirmDialog>
      )}
    </section>
  );
}
