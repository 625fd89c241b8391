// The bench's data: LISTINGS approved listings with titles and descriptions drawn from the words of real
// second-hand ads in Nigeria (brands, sizes, colours, places, the misspellings people make), sold by
// LISTINGS / 10 users, with LISTINGS / 5 paid orders and their transactions and payouts (a few disputed),
// offers on one unsold listing in nine, and LISTINGS / 10 admin notifications (decision 094). BENCH_REUSE=1
// keeps a database an earlier run filled with at least as many listings.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows, type Database } from '../src/db/client';
import { admins } from '../src/db/schema';
import { createLocalMediaStorage } from '../src/lib/media-storage';
import { hashPassword } from '../src/lib/passwords';
import { foldImpactChanges } from '../src/modules/impact/service';
import { storeMedia } from '../src/modules/media/service';

const q = (words: string[]) => `array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(',')}]`;

// What is sold: category, the item's words, the brands it comes in (a misspelt one among them, as typed),
// and the sizes it is described by. Weighted by repeating: phones are the most common ad.
const ITEMS: [string, string, string[], string[]][] = [
  [
    'Electronics',
    'phone',
    [
      'Samsung',
      'Samsung',
      'Tecno',
      'Tecno',
      'Infinix',
      'iPhone',
      'Itel',
      'Redmi',
      'Nokia',
      'Samsumg',
      'Infinx',
    ],
    ['32GB', '64GB', '128GB', '256GB'],
  ],
  ['Electronics', 'Galaxy A14 phone', ['Samsung', 'Samsung', 'Samsng'], ['64GB', '128GB']],
  ['Electronics', 'Camon 19 phone', ['Tecno', 'Tecnno'], ['128GB', '256GB']],
  ['Electronics', 'Hot 30 phone', ['Infinix'], ['128GB', '256GB']],
  [
    'Electronics',
    'laptop',
    ['HP', 'HP', 'Dell', 'Lenovo', 'Apple MacBook', 'Acer', 'Toshiba', 'Lenovo ThinkPad'],
    ['8GB RAM', '16GB RAM', '256GB SSD', '500GB HDD', 'Core i5', 'Core i7'],
  ],
  ['Electronics', 'laptob', ['HP', 'Dell'], ['4GB RAM', '8GB RAM']],
  [
    'Electronics',
    'smart TV',
    ['LG', 'Samsung', 'Hisense', 'Sony', 'Polystar', 'TCL'],
    ['32 inch', '43 inch', '55 inch', '65 inch'],
  ],
  [
    'Electronics',
    'generator',
    ['Sumec Firman', 'Elepaq', 'Tiger', 'Honda', 'Thermocool'],
    ['2.5KVA', '3.5KVA', '5KVA', '7.5KVA'],
  ],
  ['Electronics', 'generater', ['Elepaq', 'Firman'], ['2.5KVA', '3.5KVA']],
  [
    'Electronics',
    'inverter and solar panel',
    ['Luminous', 'Felicity', 'Itel Energy'],
    ['1.5KVA', '3KVA', '5KVA'],
  ],
  ['Electronics', 'power bank', ['Oraimo', 'Anker', 'New Age'], ['10000mAh', '20000mAh', '30000mAh']],
  ['Electronics', 'bluetooth speaker', ['JBL', 'Oraimo', 'Sony'], ['small', 'big', 'portable']],
  ['Electronics', 'PS4 console', ['Sony PlayStation'], ['500GB', '1TB']],
  [
    'Electronics',
    'fridge',
    ['Thermocool', 'Haier', 'Hisense', 'LG', 'Nexus', 'Scanfrost'],
    ['150 litres', '200 litres', 'double door', 'table top'],
  ],
  [
    'Household-Items',
    'chest freezer',
    ['Haier Thermocool', 'Hisense', 'Scanfrost', 'Nexus'],
    ['150 litres', '250 litres', '300 litres'],
  ],
  ['Household-Items', 'standing fan', ['Binatone', 'Ox', 'QASA', 'Lontor'], ['16 inch', '18 inch']],
  ['Household-Items', 'gas cooker', ['Scanfrost', 'Nexus', 'Maxi'], ['4 burner', '5 burner', 'table top']],
  ['Household-Items', 'blender', ['Binatone', 'Kenwood', 'Silver Crest', 'Qasa'], ['1.5 litres', '2 litres']],
  [
    'Household-Items',
    'mattress',
    ['Mouka Foam', 'Vitafoam', 'Winco'],
    ['6 by 6', '4.5 by 6', '6 by 7', '12 inch'],
  ],
  [
    'Household-Items',
    'plastic chairs',
    ['Mouka', 'Kaiser', 'Nigerite'],
    ['set of 4', 'set of 10', 'set of 20'],
  ],
  [
    'Household-Items',
    'dining table',
    ['wooden', 'glass top', 'marble'],
    ['4 seater', '6 seater', '8 seater'],
  ],
  ['Household-Items', 'sofa', ['leather', 'fabric', 'L-shaped'], ['3 seater', '5 seater', '7 seater']],
  ['Household-Items', 'wardrobe', ['wooden', 'plastic', 'mirrored'], ['2 door', '3 door', '4 door']],
  ['Household-Items', 'cooking pots', ['Tower', 'Royal', 'Nonstick'], ['set of 5', 'set of 7', 'big size']],
  [
    'Clothes',
    'ankara gown',
    ['Ankara', 'Ankara', 'Ankra'],
    ['size 10', 'size 12', 'size 14', 'size 16', 'XL'],
  ],
  ['Clothes', 'agbada', ['Aso Oke', 'Senator', 'Kaftan'], ['M', 'L', 'XL', 'XXL']],
  ['Clothes', 'lace fabric', ['Swiss', 'Cord', 'Aso Oke'], ['5 yards', '10 yards']],
  [
    'Clothes',
    'jeans trousers',
    ["Levi's", 'Zara', 'H&M', 'Bend Down Select'],
    ['waist 32', 'waist 34', 'waist 36'],
  ],
  [
    'Clothes',
    'sneakers',
    ['Nike', 'Nike', 'Adidas', 'Puma', 'Nike Air Force', 'Nikee'],
    ['size 40', 'size 42', 'size 43', 'size 44', 'size 45'],
  ],
  ['Clothes', 'snikers', ['Nike', 'Adidas'], ['size 42', 'size 44']],
  ['Clothes', 'shirt', ['Polo', 'Ralph Lauren', 'Zara', 'Bend Down Select'], ['M', 'L', 'XL']],
  ['Clothes', 'school uniform', ['complete', 'primary', 'secondary'], ['age 6', 'age 10', 'age 14']],
  ['Clothes', 'baby clothes', ['Carters', 'Okaidi', 'bundle'], ['0-3 months', '6-12 months', '2 years']],
  [
    'Accessories',
    'wrist watch',
    ['Casio', 'Rolex', 'Fossil', 'Curren', 'Naviforce'],
    ['gold', 'silver', 'leather strap'],
  ],
  ['Accessories', 'handbag', ['Gucci', 'Michael Kors', 'Zara', 'Louis Vuitton'], ['small', 'medium', 'big']],
  [
    'Accessories',
    'human hair wig',
    ['Bone Straight', 'Brazilian', 'Peruvian'],
    ['12 inch', '18 inch', '24 inch'],
  ],
  ['Accessories', 'sunglasses', ['Ray-Ban', 'Gucci', 'Oakley'], ['black', 'brown']],
  ['Accessories', 'phone case and charger', ['Oraimo', 'iPhone', 'Samsung'], ['fast charging', 'type C']],
  ['Accessories', 'gold necklace', ['Italian', 'Saudi', '18 karat'], ['chain', 'pendant']],
  ['Accessories', 'leather belt', ['Gucci', 'Hermes', 'handmade'], ['size 34', 'size 38']],
];
const COLOURS = ['black', 'white', 'blue', 'red', 'gold', 'silver', 'grey', 'green', 'brown', 'pink'];
const STATES = ['Fairly used', 'Tokunbo', 'London used', 'Brand new', 'Neatly used', 'UK used', 'Used'];
const PLACES = [
  'Ikeja, Lagos',
  'Lekki, Lagos',
  'Yaba, Lagos',
  'Surulere, Lagos',
  'Ikorodu, Lagos',
  'Wuse, FCT',
  'Garki, FCT',
  'Gwarinpa, FCT',
  'Bodija, Ibadan',
  'Port Harcourt, Rivers',
  'Kano, Kano',
  'Enugu, Enugu',
  'Benin City, Edo',
  'Aba, Abia',
  'Onitsha, Anambra',
  'Kaduna, Kaduna',
  'Abeokuta, Ogun',
  'Owerri, Imo',
  'Jos, Plateau',
  'Uyo, Akwa Ibom',
];
const REMARKS = [
  'Still in good condition, no fault.',
  'Working perfectly, clean and neat.',
  'Price is slightly negotiable.',
  'Good as new, used for only few months.',
  'Original, not China copy.',
  'Buy and use, nothing to fix.',
  'Serious buyers only. Price negotiable.',
  'Comes with the original box and charger.',
  'Very neat, no scratch.',
  'Urgent sale, relocating abroad.',
  'Quality product at a good price.',
  'Reason for selling: upgrade.',
];
const FIRST = [
  'Chinedu',
  'Aisha',
  'Tunde',
  'Ngozi',
  'Emeka',
  'Fatima',
  'Segun',
  'Blessing',
  'Ibrahim',
  'Funke',
  'Uche',
  'Halima',
  'Kelechi',
  'Bola',
  'Musa',
  'Chiamaka',
];
const LAST = [
  'Okafor',
  'Bello',
  'Adeyemi',
  'Eze',
  'Abubakar',
  'Ogunleye',
  'Nwosu',
  'Yusuf',
  'Okonkwo',
  'Balogun',
  'Danjuma',
  'Ibe',
];

// Each listing's g picks its words by different strides, so that words combine as independently as they would.
const pick = (array: unknown[], stride: number, divisor = 1) =>
  `(${q(array as string[])})[1 + ((g / ${divisor}) * ${stride}) % ${array.length}]`;

export async function benchIsFilled(db: Database, listings: number): Promise<boolean> {
  const [row] = await queryRows<{ filled: number }>(db, {
    text: `select count(*)::int as filled from products where status = 'approved' and is_available and description like '%Pickup in %'`,
    values: [],
  });
  return (row?.filled ?? 0) >= listings;
}

export async function fillBench({
  db,
  listings,
  dataDir,
}: {
  db: Database;
  listings: number;
  dataDir: string;
}) {
  const people = Math.max(10, Math.floor(listings / 10));
  const sales = Math.floor(listings / 5);
  const passwordHash = await hashPassword('bench-password');
  const batch = 20_000;
  const itemCount = ITEMS.length;
  const column = (index: number, text = (item: (typeof ITEMS)[number]) => item[index] as string) =>
    `(${q(ITEMS.map(text))})[1 + (g * 7) % ${itemCount}]`;
  // One of the brands (or sizes) of the item g picked, by another stride: each item's list as one '|'-joined text.
  const oneOf = (index: number, divisor: number) =>
    `split_part(${column(index, (item) => (item[index] as string[]).join('|'))}, '|', 1 + (g / ${divisor}) % ${column(index, (item) => String((item[index] as string[]).length))}::int)`;

  for (let offset = 0; offset < people; offset += batch) {
    const count = Math.min(batch, people - offset);
    await db.execute(
      sql.raw(`insert into users (full_name, username, email, password_hash, ref_id, city, state, is_verified, created_at, updated_at)
      select ${pick(FIRST, 5)} || ' ' || ${pick(LAST, 7, 3)}, 'benchuser' || g, 'benchuser' || g || '@bench.oja.ng',
        '${passwordHash}', 'BU' || g, 'Ikeja', 'Lagos', g % 3 = 0, now() - (g || ' minutes')::interval, now()
      from generate_series(${offset + 1}, ${offset + count}) as g`),
    );
  }
  const [seller] = await queryRows<{ id: string }>(db, {
    text: `select id from users where username = 'benchuser1'`,
    values: [],
  });
  const sellerId = seller?.id;
  if (!sellerId) throw new Error('no bench user');
  const picture = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
  const image = await storeMedia({
    db,
    storage: createLocalMediaStorage({ directory: `${dataDir}/media` }),
    ownerId: sellerId,
    bytes: picture,
  });

  for (let offset = 0; offset < listings; offset += batch) {
    const count = Math.min(batch, listings - offset);
    await db.execute(
      sql.raw(`insert into products (owner_id, title, description, specification, category, condition, tag, price, price_category, location, status, created_at)
      select sellers.ids[1 + (g * 13) % ${people}],
        brand || ' ' || item || ' ' || size || case when g % 3 = 0 then ' ' || colour else '' end,
        state || ' ' || brand || ' ' || item || ', ' || colour || ', ' || size || '. ' || ${pick(REMARKS, 11)} || ' Pickup in ' || place || ' or delivery nationwide.',
        size || ', ' || colour,
        category,
        (array['New','Fairly Used','Refurbished'])[1 + (g % 3)],
        case when g % 10 = 0 then 'Donate' else 'For sale' end,
        case when g % 10 = 0 then null else 500 + (g * 37) % 14500 end,
        case when g % 10 = 0 then null else '500-15000' end,
        place, 'approved', now() - (g || ' seconds')::interval
      from generate_series(${offset + 1}, ${offset + count}) as g
      cross join (select array_agg(id order by id) as ids from users where email like '%@bench.oja.ng') sellers
      cross join lateral (select ${column(0)} as category, ${column(1)} as item,
        ${oneOf(2, 5)} as brand, ${oneOf(3, 3)} as size,
        ${pick(COLOURS, 3, 2)} as colour, ${pick(STATES, 5, 4)} as state, ${pick(PLACES, 17, 6)} as place) words`),
    );
  }
  await db.execute(
    sql`insert into product_images (product_id, media_id, position) select id, ${image.id}::uuid, 0 from products p where not exists (select 1 from product_images i where i.product_id = p.id)`,
  );
  // Paid orders of the oldest priced listings, bought by other users, each with its successful payment.
  await db.execute(
    sql.raw(`insert into orders (buyer_id, seller_id, product_id, product_title, product_category, product_amount, transaction_charge, status, created_at, updated_at)
    select buyers.ids[1 + (n * 31) % ${people}], p.owner_id, p.id, p.title, p.category, p.price * 100, p.price * 10, 'paid',
      p.created_at + interval '1 hour', p.created_at + interval '1 hour'
    from (select p.*, row_number() over (order by p.created_at) as n from products p where p.price is not null order by p.created_at limit ${sales}) p
    cross join (select array_agg(id order by id) as ids from users where email like '%@bench.oja.ng') buyers`),
  );
  await db.execute(
    sql.raw(`insert into transactions (reference, order_id, user_id, amount, status, payment_method, customer_email, paid_at, created_at, updated_at)
    select 'BENCH-' || o.id, o.id, o.buyer_id, o.product_amount, 'success', 'card', u.email, o.created_at, o.created_at, o.created_at
    from orders o join users u on u.id = o.buyer_id`),
  );
  // Each paid order's payout, as buyer protection keeps it (issue 29): most paid out, one in five held (the
  // older ones past their window, so due), one in two hundred failed, one in five hundred disputed with an
  // open dispute, one in a thousand refunded after a dispute the admin settled.
  await db.execute(
    sql.raw(`insert into payouts (order_id, seller_id, amount, status, transfer_reference, transfer_attempts, paid_at, created_at, updated_at)
    select o.id, o.seller_id, o.product_amount - o.transaction_charge, s.status,
      case when s.status in ('paid', 'failed') then 'bench_' || replace(o.id::text, '-', '') end,
      case when s.status in ('paid', 'failed') then 1 else 0 end,
      case when s.status = 'paid' then o.created_at + interval '3 days' end, o.created_at, o.created_at
    from (select o.*, row_number() over (order by o.created_at, o.id) as n from orders o) o
    cross join lateral (select case when n % 1000 = 3 then 'refunded' when n % 500 = 0 then 'disputed'
      when n % 200 = 1 then 'failed' when n % 10 in (2, 5) then 'held' else 'paid' end as status) s`),
  );
  await db.execute(
    sql.raw(`insert into disputes (order_id, reason, details, status, outcome, refund_amount, resolved_at, created_at, updated_at)
    select p.order_id, 'damaged', 'The screen is cracked.', case when p.status = 'refunded' then 'resolved' else 'open' end,
      case when p.status = 'refunded' then 'refund' end,
      case when p.status = 'refunded' then o.product_amount end,
      case when p.status = 'refunded' then p.created_at + interval '5 days' end,
      p.created_at + interval '2 days', p.created_at + interval '2 days'
    from payouts p join orders o on o.id = p.order_id where p.status in ('disputed', 'refunded')`),
  );
  // Offers on one in nine of the priced listings not sold, each from another user: open, answered or ended.
  await db.execute(
    sql.raw(`insert into offers (product_id, buyer_id, seller_id, amount, counter_amount, status, expires_at, created_at, updated_at)
    select p.id, buyers.ids[1 + (n * 17) % ${people}], p.owner_id, greatest(1, p.price * 8 / 10),
      case when n % 5 = 1 then greatest(1, p.price * 9 / 10) end,
      (array['pending','countered','declined','withdrawn','expired'])[1 + (n % 5)],
      p.created_at + interval '2 days', p.created_at + interval '10 minutes', p.created_at + interval '10 minutes'
    from (select p.*, row_number() over (order by p.created_at desc) as n from products p
      where p.price is not null and not exists (select 1 from orders o where o.product_id = p.id)) p
    cross join (select array_agg(id order by id) as ids from users where email like '%@bench.oja.ng') buyers
    where n % 9 = 0 and buyers.ids[1 + (n * 17) % ${people}] <> p.owner_id`),
  );
  await db.execute(
    sql.raw(`insert into admin_notifications (code, params, read, created_at)
    select 'USER_REGISTERED', json_build_object('username', 'benchuser' || g)::jsonb, g > 50, now() - (g || ' minutes')::interval
    from generate_series(1, ${people}) as g`),
  );
  await db.insert(admins).values({ email: 'bench-admin@bench.oja.ng', passwordHash }).onConflictDoNothing();
  // The orders' sales, one change each, added into the impact tally as a running server's fold does each minute.
  await foldImpactChanges({ db });
  // A live database's autovacuum flushes the search index's pending list; measure that steady state.
  await db.execute(sql`vacuum analyze`);
}
