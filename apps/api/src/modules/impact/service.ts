import { CATEGORIES } from '@marketplace/shared/constants';
import { IMPACT_FACTORS } from '@marketplace/shared/impact';
import type { UserImpact } from '@marketplace/shared/schemas/donations';
import { queryRows, type Database } from '../../db/client';

// Impact (issue #14, decision 025): items sold (paid orders; a refunded one is not a sale) and given away
// (a recipient picked), each counted with its category's published factor (packages/shared/src/impact.ts,
// passed in as parameters so the figures have one source). An order's category is the one it was bought
// in, else its listing's; an order whose listing was deleted before categories were kept on orders has
// no category and is not counted. The listing is looked up only for an order without its category: joined to
// every order, the products table was read whole (a parallel hash join of a million listings, 260–300 ms against
// 115 ms for 200,000 orders; decision 090).

const FACTOR_VALUES = [
  CATEGORIES as readonly string[],
  CATEGORIES.map((category) => IMPACT_FACTORS[category].co2eKg),
  CATEGORIES.map((category) => IMPACT_FACTORS[category].wasteKg),
];

// `counted` holds one row per item with its category's factor and who passed it on and received it.
const COUNTED = `factors as (
    select * from unnest($1::text[], $2::float8[], $3::float8[]) as f(category, co2e, waste)),
  items as (
    select coalesce(o.product_category, (select p.category from products p where p.id = o.product_id)) as category,
      'sold' as kind, o.seller_id as giver_id, o.buyer_id as receiver_id
    from orders o where o.status = 'paid'
    union all
    select d.category, 'given', d.giver_id, d.recipient_id from donations d),
  counted as (select i.kind, i.giver_id, i.receiver_id, f.category, f.co2e, f.waste from items i join factors f using (category))`;

// The figures (ImpactFiguresSchema) of the rows of `counted c` that pass `filter`.
const figures = (filter: string) => `json_build_object(
    'sold', count(*) filter (where c.kind = 'sold' and ${filter}),
    'given', count(*) filter (where c.kind = 'given' and ${filter}),
    'co2eKg', round(coalesce(sum(c.co2e) filter (where ${filter}), 0)::numeric, 1)::float8,
    'wasteKg', round(coalesce(sum(c.waste) filter (where ${filter}), 0)::numeric, 1)::float8)`;

const PLATFORM = `with ${COUNTED}
  select ((select ${figures('true')} from counted c)::jsonb || jsonb_build_object('categories', (
    select json_agg((per.figures::jsonb || jsonb_build_object('category', per.category)) order by array_position($1::text[], per.category))
    from (select f.category, ${figures('c.kind is not null')} as figures from factors f left join counted c on c.category = f.category group by f.category) per
  )))::text as body`;

// The platform's figures as JSON text (PlatformImpactSchema), for the micro-cached public reply.
export async function platformImpactJson({ db }: { db: Database }): Promise<string> {
  const [row] = await queryRows<{ body: string }>(db, {
    name: 'oja_platform_impact',
    text: PLATFORM,
    values: FACTOR_VALUES,
  });
  if (!row) throw new Error('the impact query returned no row');
  return row.body;
}

const USER = `with ${COUNTED}
  select ${figures('c.giver_id = $4::uuid')} as "passedOn", ${figures('c.receiver_id = $4::uuid')} as "received"
  from counted c where c.giver_id = $4::uuid or c.receiver_id = $4::uuid`;

// What one user passed on (sold or gave away) and received (bought or was given).
export async function userImpact({ db, userId }: { db: Database; userId: string }): Promise<UserImpact> {
  const [row] = await queryRows<UserImpact>(db, {
    name: 'oja_user_impact',
    text: USER,
    values: [...FACTOR_VALUES, userId],
  });
  if (!row) throw new Error('the impact query returned no row');
  return row;
}
