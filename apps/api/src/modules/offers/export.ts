import { asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { offers, products, users } from '../../db/schema';

const otherPerson = alias(users, 'offer_other_person');

// A user's offers for their data export (decision 050): made and received, the other person by username only.
export function offersForExport(db: Database, userId: string) {
  return db
    .select({
      id: offers.id,
      productId: offers.productId,
      title: products.title,
      role: sql<'buyer' | 'seller'>`case when ${offers.buyerId} = ${userId} then 'buyer' else 'seller' end`,
      with: otherPerson.username,
      amount: offers.amount,
      counterAmount: offers.counterAmount,
      agreedAmount: offers.agreedAmount,
      status: offers.status,
      expiresAt: offers.expiresAt,
      holdExpiresAt: offers.holdExpiresAt,
      createdAt: offers.createdAt,
      updatedAt: offers.updatedAt,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(
      otherPerson,
      eq(
        otherPerson.id,
        sql`case when ${offers.buyerId} = ${userId} then ${offers.sellerId} else ${offers.buyerId} end`,
      ),
    )
    .where(or(eq(offers.buyerId, userId), eq(offers.sellerId, userId)))
    .orderBy(asc(offers.createdAt));
}
