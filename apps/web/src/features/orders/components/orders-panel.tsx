import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatKobo } from '@marketplace/shared/money';
import type { Order } from '@marketplace/shared/schemas/payments';
import { ShipmentStatus } from '../../../components/ui/shipment-status';
import { StarRating } from '../../../components/ui/star-rating';
import { useConfirmCollection } from '../api/confirm-collection';
import { useOrders } from '../api/get-orders';
import { useLiveShipments } from '../../../hooks/use-live-shipments';
import { formatDate } from '../../../lib/format-date';
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

// spec §2, the orders tab: what the user bought, or 'No orders yet'.
export function OrdersPanel({ userId }: OrdersPanelProps) {
  const { t } = useTranslation();
  const orders = useOrders(userId);
  useLiveShipments();

  if (!orders.isSuccess) {
    return (
      <PanelStatus
        isPending={orders.isPending}
        failedText={t('profile.orders.loadFailed')}
        onRetry={() => void orders.refetch()}
      />
    );
  }
  if (orders.data.length === 0) return <p className="text-body-secondary">{t('profile.orders.empty')}</p>;

  return (
    <div className="table-responsive">
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
          {orders.data.map((order) => (
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
              <td>{t(`orderStatus.${order.status}`)}</td>
              <td>
                <ShipmentStatus status={order.shipmentStatus} />
              </td>
              <td>
                {order.shipmentReference ? (
                  <>
                    <code>{order.shipmentReference}</code>
                    <Link
                      to={`/tracking?${new URLSearchParams({ reference: order.shipmentReference }).toString()}`}
                      className="d-block small"
                    >
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
  );
}
