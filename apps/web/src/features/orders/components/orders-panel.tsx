import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatKobo } from '@marketplace/shared/money';
import type { Order } from '@marketplace/shared/schemas/payments';
import { LoadMore } from '../../../components/ui/load-more';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { ShipmentStatus } from '../../../components/ui/shipment-status';
import { StarRating } from '../../../components/ui/star-rating';
import { useConfirmCollection } from '../api/confirm-collection';
import { useOrders } from '../api/get-orders';
import { useLiveShipments } from '../../../hooks/use-live-shipments';
import { formatDate } from '../../../lib/format-date';
import { useIsPhone } from '../../../hooks/use-is-phone';
import { OrderProtection } from './order-protection';
import { PanelStatus } from './panel-status';

type OrdersPanelProps = { userId: string };

// After a pickup: 'I have collected it'; once the item reached the buyer: 'Rate the seller', then the
// stars given (decision 026).
function OrderReviewCell({ order }: { order: Order }) {
  const { t } = useTranslation();
  const confirm = useConfirmCollection();
  if (order.review) {
    return (
      <Link to={`/orders/${order.id}/review`} className="text-nowrap">
        <StarRating rating={order.review.rating} />
      </Link>
    );
  }
  if (order.canReview) {
    return (
      <Link to={`/orders/${order.id}/review`} className="btn btn-sm btn-outline-primary text-nowrap">
        {t('reviews.rateSeller')}
      </Link>
    );
  }
  if (order.canConfirmCollection) {
    return (
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary text-nowrap"
        disabled={confirm.isPending}
        aria-busy={confirm.isPending}
        onClick={() => confirm.mutate(order.id)}
      >
        {t('reviews.confirmCollected')}
      </button>
    );
  }
  return '—';
}

function trackingPath(shipmentReference: string) {
  return `/tracking?${new URLSearchParams({ reference: shipmentReference }).toString()}`;
}

// On a phone (below md) one card per order: the picture, the title, the amount, the status and what to do
// next (Track, I have collected it, Rate the seller, Confirm receipt, Report a problem), all within 360 px; the table's other columns are
// on the order's details page (its reference link).
function OrderCards({ orders }: { orders: readonly Order[] }) {
  const { t } = useTranslation();
  return (
    <ul className="list-unstyled order-cards" aria-label={t('profile.orders.caption')}>
      {orders.map((order) => (
        <li key={order.id} className="card mb-2">
          <div className="card-body d-flex gap-3 p-2">
            {order.product.picture ? (
              <img src={order.product.picture} alt="" className="order-card-picture rounded" loading="lazy" />
            ) : (
              <span className="order-card-picture rounded bg-light" aria-hidden="true" />
            )}
            <div className="flex-grow-1 order-card-text">
              <h3 className="h6 mb-1">
                {order.product.id ? (
                  <Link to={`/product/${order.product.id}`}>{order.product.title}</Link>
                ) : (
                  order.product.title
                )}
              </h3>
              <p className="mb-1 small">
                <span className="fw-semibold">{formatKobo(order.productAmountKobo)}</span>
                {order.quantity > 1 && <> × {order.quantity}</>} · {formatDate(order.createdAt)}
              </p>
              <p className="mb-2 small">
                {order.reference ? (
                  <Link
                    to={`/transaction-details?${new URLSearchParams({ reference: order.reference }).toString()}`}
                  >
                    {t(`orderStatus.${order.status}`)}
                  </Link>
                ) : (
                  t(`orderStatus.${order.status}`)
                )}
                {order.shipmentStatus && (
                  <>
                    {' · '}
                    <ShipmentStatus status={order.shipmentStatus} />
                  </>
                )}
              </p>
              <div className="d-flex flex-wrap gap-2">
                {order.shipmentReference && (
                  <Link to={trackingPath(order.shipmentReference)} className="btn btn-sm btn-outline-primary">
                    {t('profile.orders.track')}
                  </Link>
                )}
                <OrderReviewCell order={order} />
              </div>
              <OrderProtection order={order} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

// spec §2, the orders tab: what the user bought, a page at a time with Load more, or 'No orders yet'.
export function OrdersPanel({ userId }: OrdersPanelProps) {
  const { t } = useTranslation();
  const orders = useOrders(userId);
  useLiveShipments();
  const isPhone = useIsPhone();

  // A reply kept from the last visit is shown offline (decision 056).
  if (orders.data === undefined) {
    return (
      <PanelStatus
        isPending={orders.isPending}
        failedText={t('profile.orders.loadFailed')}
        onRetry={() => void orders.refetch()}
      />
    );
  }
  const savedCopy = <SavedCopyNote query={orders} />;
  const bought = orders.data.pages.flatMap((page) => page.items);
  const loadMore = <LoadMore pages={orders} className="text-center mt-3" />;
  if (bought.length === 0)
    return (
      <>
        {savedCopy}
        <p className="text-body-secondary">{t('profile.orders.empty')}</p>
      </>
    );
  if (isPhone)
    return (
      <>
        {savedCopy}
        <OrderCards orders={bought} />
        {loadMore}
      </>
    );

  return (
    <>
      <div className="table-responsive">
        {savedCopy}
        <table className="table align-middle">
          <caption className="visually-hidden">{t('profile.orders.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profile.orders.date')}</th>
              <th scope="col">{t('profile.orders.item')}</th>
              <th scope="col">{t('profile.orders.quantity')}</th>
              <th scope="col">{t('profile.orders.amount')}</th>
              <th scope="col">{t('profile.orders.status')}</th>
              <th scope="col">{t('profile.orders.shipmentStatus')}</th>
              <th scope="col">{t('profile.orders.shipmentReference')}</th>
              <th scope="col">{t('profile.orders.reference')}</th>
              <th scope="col">{t('reviews.column')}</th>
            </tr>
          </thead>
          <tbody>
            {bought.map((order) => (
              <tr key={order.id}>
                <td>{formatDate(order.createdAt)}</td>
                <td>
                  {order.product.id ? (
                    <Link to={`/product/${order.product.id}`}>{order.product.title}</Link>
                  ) : (
                    order.product.title
                  )}
                </td>
                <td>{order.quantity}</td>
                <td className="text-nowrap">{formatKobo(order.productAmountKobo)}</td>
                <td>
                  {t(`orderStatus.${order.status}`)}
                  <OrderProtection order={order} />
                </td>
                <td>
                  <ShipmentStatus status={order.shipmentStatus} />
                </td>
                <td>
                  {order.shipmentReference ? (
                    <>
                      <code>{order.shipmentReference}</code>
                      <Link to={trackingPath(order.shipmentReference)} className="d-block small">
                        {t('profile.orders.track')}
                      </Link>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  {order.reference ? (
                    <Link
                      to={`/transaction-details?${new URLSearchParams({ reference: order.reference }).toString()}`}
                      className="text-break"
                    >
                      {order.reference}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <OrderReviewCell order={order} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loadMore}
    </>
  );
}
