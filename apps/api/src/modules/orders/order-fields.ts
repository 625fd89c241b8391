import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { media, orders, productImages, products, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';

// The one mapping of an order row to the order the replies carry (the buyer's orders, a transaction's
// order, the verify reply): select `orderColumns`, join `orderSellers` on the order's seller, and map the
// row with `toOrderFields`.

export const orderSellers = alias(users, 'sellers');

// The product's primary picture, while the product still exists.
export const orderPictureUrl = sql<string | null>`(
  select ${media.url} from ${productImages}
  inner join ${media} on ${media.id} = ${productImages.mediaId}
  inner join ${products} on ${products.id} = ${productImages.productId}
  where ${productImages.productId} = ${orders.productId} and ${productImages.position} = ${products.primaryImageIndex}
  limit 1
)`;

export const orderColumns = {
  order: orders,
  seller: { id: orderSellers.id, username: orderSellers.username },
  picture: orderPictureUrl,
};

export function toOrderFields(
  order: typeof orders.$inferSelect,
  seller: { id: string; username: string },
  picture: string | null,
) {
  return {
    id: order.id,
    status: order.status,
    // Note: the unit price paid, from the order (the listing may have changed or gone since).
    product: {
      id: order.productId,
      title: order.productTitle,
      primaryImage: picture,
      price: order.productAmount / order.quantity / 100,
      picture,
    },
    seller: { id: seller.id, username: seller.username },
    quantity: order.quantity,
    shipmentReference: order.shipmentReference,
    shipmentStatus: order.shipmentStatus,
    productAmount: order.productAmount / 100,
    productAmountKobo: order.productAmount,
    transactionCharge: order.transactionCharge,
    delivery: order.delivery,
    deliveryFee: order.deliveryFee,
    courierName: order.courierName,
    bookingStatus: order.bookingStatus,
    deliveredAt: order.deliveredAt ? toIso(order.deliveredAt) : null,
  };
}
