import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import type { MyDonationRequest } from '@marketplace/shared/schemas/donations';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PagedList } from '../../../components/ui/paged-list';
import { formatDate } from '../../../lib/format-date';
import { useMyDonationRequests } from '../api/get-my-donation-requests';
import { useWithdrawDonationRequest } from '../api/withdraw-donation-request';

const BADGE: Record<MyDonationRequest['status'], string> = {
  pending: 'text-bg-warning',
  accepted: 'text-bg-success',
  declined: 'text-bg-secondary',
  withdrawn: 'text-bg-light border',
};

// 'My requests' (profile): the items the user asked for and where each request stands; an accepted one
// leads to the hand-over conversation, a waiting one may be withdrawn (decision 025). A page at a time, with
// Load more (decision 090).
export function MyDonationRequests() {
  const { t } = useTranslation();
  const requests = useMyDonationRequests();
  const withdraw = useWithdrawDonationRequest();
  const [withdrawing, setWithdrawing] = useState<MyDonationRequest | null>(null);

  return (
    <section aria-labelledby="my-requests-title">
      <h2 id="my-requests-title" className="h5 mb-3">
        {t('donation.myRequestsTitle')}
      </h2>
      <PagedList
        pages={requests}
        loadFailed={t('donation.myRequestsLoadFailed')}
        empty={t('donation.myRequestsEmpty')}
        itemKey={(request) => request.id}
        className="list-unstyled mb-0"
        itemClassName="card mb-2"
        labelledBy="my-requests-title"
      >
        {(request) => (
          <div className="card-body p-2 p-sm-3">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
              <h3 className="h6 mb-0 text-break">
                {/* Only a listing still on offer has a public page. */}
                {request.status === 'pending' ? (
                  <Link to={`/product/${request.product.id}`}>{request.product.title}</Link>
                ) : (
                  request.product.title
                )}
              </h3>
              <span className={`badge ${BADGE[request.status]}`}>
                {t(`donation.status.${request.status}`)}
              </span>
            </div>
            <p className="small text-body-secondary mb-1">
              {t('donation.from', { username: request.product.giver.username })} ·{' '}
              <time dateTime={request.createdAt}>
                {t('donation.requestedOn', { date: formatDate(request.createdAt) })}
              </time>
            </p>
            <p className="mb-2 preserve-lines">{request.reason}</p>
            {request.conversationId && (
              <Link to={`/messages/${request.conversationId}`} className="btn btn-sm btn-success text-break">
                {t('donation.openConversationWith', { username: request.product.giver.username })}
              </Link>
            )}
            {request.status === 'pending' && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={withdraw.isPending}
                onClick={() => setWithdrawing(request)}
              >
                {t('donation.withdraw')} <span className="visually-hidden">({request.product.title})</span>
              </button>
            )}
          </div>
        )}
      </PagedList>
      {withdrawing && (
        <ConfirmDialog
          title={t('donation.withdrawConfirmTitle')}
          confirmLabel={t('donation.withdraw')}
          tone="danger"
          onConfirm={() => {
            withdraw.mutate(withdrawing.id);
            setWithdrawing(null);
          }}
          onCancel={() => setWithdrawing(null)}
        >
          <p className="mb-0">{t('donation.withdrawConfirmText')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
