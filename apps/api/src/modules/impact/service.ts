import { CATEGORIES } from '@marketplace/shared/constants';
import { IMPACT_FACTORS } from '@marketplace/shared/impact';
import type { UserImpact } from '@marketplace/shared/schemas/donations';
import { queryRows, type Database } from '../../db/client';

// Impact (issue #14, decision 025): items sold (paid orders; a refunded one is not a sale) and given away
// (a recipient picked), each counted with its category's published factor (packages/shared/src/impact.ts,
// passed in as parameters so the figures have one source). An order's category is the one it was bought
// in, else its listing's; an order whose listing was deleted before categories were kept on orders has
// no category and is not counted.

const FACTOR_VALUES = [
  CATEGORIES as readonly string[],
  CATEGORIES.map((category) => IMPACT_FACTORS[category].co2eKg),
  CATEGORIES.map((category) => IMPACT_FACTORS[category].wasteKg),
];

const FACTORS = `factors as (
    select * from unnest($1::text[], $2::float8[], $3::float8[]) as f(category, co2e, waste))`;

// The figures (ImpactFiguresSchema) of the items sold and given in `per p` (a row a category, with its factors):
// `of` gives a column as it is (a category's figures) or summed over the categories (the platform's).
const talliedFigures = (of: (value: string) => string) => `json_build_object(
    'sold', ${of('p.sold')},
    'given', ${of('p.given')},
    'co2eKg', round(${of('(p.sold + p.given) * p.co2e')}::numeric, 1)::float8,
    'wasteKg', round(${of('(p.sold + p.given) * p.waste')}::numeric, 1)::float8)`;
const summed = (value: string) => `coalesce(sum(${value}), 0)`;

// The platform's figures from the tally and the changes not yet added into it (decision 092): a few rows, not
// every paid order.
const PLATFORM = `with ${FACTORS},
  counted as (
    select category, kind, sum(items) as items from (
      select category, kind, items from impact_tally
      union all
      select category, kind, items from impact_changes) c
    group by category, kind),
  per as (
    select f.category, f.co2e, f.waste,
      coalesce(sum(c.items) filter (where c.kind = 'sold'), 0) as sold,
      coalesce(sum(c.items) filter (where c.kind = 'given'), 0) as given
    from factors f left join counted c using (category)
    group by f.category, f.co2e, f.waste)
  select ((select ${talliedFigures(summed)} from per p)::jsonb || jsonb_build_object('categories', (
    select json_agg((${talliedFigures((value) => value)}::jsonb || jsonb_build_object('category', p.category))
      order by array_position($1::text[], p.category))
    from per p
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

// Adds the changes written since the last run into the tally, each category's in one row (decision 092); how
// many changes it added. Two processes folding at once take different changes, and update the tally's rows in
// the same order.
export async function foldImpactChanges({ db }: { db: Database }): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(db, {
    name: 'oja_fold_impact_changes',
    text: `with moved as (delete from impact_changes returning category, kind, items),
      added as (
        insert into impact_tally (category, kind, items)
        select category, kind, sum(items) from moved group by category, kind order by category, kind
        on conflict (category, kind) do update set items = impact_tally.items + excluded.items
        returning 1)
      select (select count(*) from moved)::int as folded`,
    values: [],
  });
  return row?.folded ?? 0;
}

// `counted` holds one row per item with its category's factor and who passed it on and received it: one user's
// items, read on the orders' and donations' indexes by buyer, seller, giver and recipient.
const COUNTED = `${FACTORS},
  items as (
    select o.product_category as category, 'sold' as kind, o.seller_id as giver_id, o.buyer_id as receiver_id
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
