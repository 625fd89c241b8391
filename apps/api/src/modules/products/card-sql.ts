// The SQL every read of listings shares: a listing card's JSON (ProductCardSchema) and its joins, the
// public condition, the prepared statements' names and the numbered parameters. PostgreSQL builds each reply's
// JSON in one statement and the API passes the text through (docs/decisions/020).

// Exactly what Date.toISOString writes (UTC, milliseconds, Z); to_char truncates microseconds as the
// driver's Date does.
export const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// One listing card (ProductCardSchema) of the product `p`, its seller `u` and its pictures `pics`
// (cardJoins).
export function cardJson(p: string, u: string, pics: string): string {
  return `json_build_object(
    'id', ${p}.id, 'title', ${p}.title, 'description', ${p}.description, 'category', ${p}.category,
    'condition', ${p}.condition, 'tag', ${p}.tag, 'price', ${p}.price, 'priceCategory', ${p}.price_category,
    'location', ${p}.location, 'primaryImage', ${pics}.primary_url, 'primaryImageIndex', ${p}.primary_image_index,
    'images', coalesce(${pics}.urls, '[]'::json), 'media', coalesce(${pics}.primary_media, '[]'::json),
    'status', ${p}.status, 'rejectionReason', ${p}.rejection_reason, 'availability', ${p}.is_available,
    'uploader', ${p}.owner_id, 'user', json_build_object('id', ${p}.owner_id, 'username', ${u}.username, 'isVerified', ${u}.is_verified),
    'createdAt', ${iso(`${p}.created_at`)}, 'updatedAt', ${iso(`${p}.updated_at`)})`;
}

// The seller of the product `p`, and its pictures in one probe of product_images: every URL in order, the
// primary one, and the primary one's sizes (cards show only those).
export function cardJoins(p: string, u: string, pics: string): string {
  return `join users ${u} on ${u}.id = ${p}.owner_id
    left join lateral (
      select json_agg(m.url order by pi.position) as urls,
        min(m.url) filter (where pi.position = ${p}.primary_image_index) as primary_url,
        json_agg(json_build_object('url', m.url, 'width', m.width, 'height', m.height, 'variants', m.variants))
          filter (where pi.position = ${p}.primary_image_index) as primary_media
      from product_images pi join media m on m.id = pi.media_id where pi.product_id = ${p}.id) ${pics} on true`;
}

export const CARD = cardJson('p', 'u', 'pics');
export const PUBLIC = `p.status = 'approved' and p.is_available`;

// Statement names for PostgreSQL's prepared statements: the same text always gets the same name.
export function statementName(text: string): string {
  let hash = 5381;
  for (let index = 0; index < text.length; index++) hash = (hash * 33) ^ text.charCodeAt(index);
  return `oja_${(hash >>> 0).toString(36)}_${text.length}`;
}

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}
