import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { media, orders, productImages, products, users } from '../../db/schema';
import { iso } from '../../db/card-sql';
import { toIso } from '../../lib/db-errors';

// The mapping of an order row to the order the replies carry (the buyer's orders, a transaction's order, the
// verify reply): select `orderColumns`, join `orderSellers` on the order's seller, and map the row with
// `toOrderFields`. A list whose JSON PostgreSQL writes (the admin's transactions, decision 084) uses
// orderFieldsSql, the same fields written in SQL; transactions/routes.test.ts holds the two to one reply.

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

// toOrderFields in SQL: the order of alias `order` as JSON, its seller joined as `seller` and its picture by
// `joins`. Prices divide as toOrderFields does (float8 prints the shortest text that reads back the same
// number, as JavaScript does); times as toIso writes them.
export function orderFieldsSql(order: string, seller: string): { json: string; joins: string } {
  const picture = `${order}_picture`;
  return {
    joins: `join users ${seller} on ${seller}.id = ${order}.seller_id
      left join lateral (select m.url from product_images pi join media m on m.id = pi.media_id
        join products p on p.id = pi.product_id
        where pi.product_id = ${order}.product_id and pi.position = p.primary_image_index limit 1) ${picture} on true`,
    json: `json_build_object('id', ${order}.id, 'status', ${order}.status,
      'product', json_build_object('id', ${order}.product_id, 'title', ${order}.product_title,
        'primaryImage', ${picture}.url, 'price', ${order}.product_amount::float8 / ${order}.quantity / 100,
        'picture', ${picture}.url),
      'seller', json_build_object('id', ${seller}.id, 'username', ${seller}.username),
      'quantity', ${order}.quantity, 'shipmentReference', ${order}.shipment_reference,
      'shipmentStatus', ${order}.shipment_status, 'productAmount', ${order}.product_amount::float8 / 100,
      'productAmountKobo', ${order}.product_amount, 'transactionCharge', ${order}.transaction_charge,
      'delivery', ${order}.delivery, 'deliveryFee', ${order}.delivery_fee, 'courierName', ${order}.courier_name,
      'bookingStatus', ${order}.booking_status, 'deliveredAt', ${iso(`${order}.delivered_at`)})`,
  };
}
