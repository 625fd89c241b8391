ALTER TABLE "products" ADD COLUMN "card" text;--> statement-breakpoint
-- A listing's card (ProductCardSchema), built by the database from the listing, its seller and its pictures
-- (decision 030). The one definition of a card's JSON: the lists read products.card, which the triggers
-- below keep equal to product_card(products) in the same transaction as every write.
CREATE FUNCTION product_card(p products) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', p.id, 'title', p.title, 'description', p.description, 'category', p.category,
    'condition', p.condition, 'tag', p.tag, 'price', p.price, 'priceCategory', p.price_category,
    'location', p.location, 'primaryImage', pics.primary_url, 'primaryImageIndex', p.primary_image_index,
    'images', coalesce(pics.urls, '[]'::json), 'media', coalesce(pics.primary_media, '[]'::json),
    'status', p.status, 'rejectionReason', p.rejection_reason, 'availability', p.is_available,
    'uploader', p.owner_id,
    'user', json_build_object('id', p.owner_id, 'username', u.username, 'isVerified', u.is_verified),
    'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
  FROM users u
  LEFT JOIN LATERAL (
    SELECT json_agg(m.url ORDER BY pi.position) AS urls,
      min(m.url) FILTER (WHERE pi.position = p.primary_image_index) AS primary_url,
      json_agg(json_build_object('url', m.url, 'width', m.width, 'height', m.height, 'variants', m.variants))
        FILTER (WHERE pi.position = p.primary_image_index) AS primary_media
    FROM product_images pi JOIN media m ON m.id = pi.media_id
    WHERE pi.product_id = p.id) pics ON true
  WHERE u.id = p.owner_id
$$;
--> statement-breakpoint
-- Every insert and update of a listing rewrites its card from the new row.
CREATE FUNCTION products_write_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.card := product_card(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_card BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_write_card();
--> statement-breakpoint
-- Pictures added, moved or removed: the listings they belong to are rewritten (once per statement).
CREATE FUNCTION product_images_rewrite_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products SET card = NULL WHERE id IN (SELECT product_id FROM changed_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products SET card = NULL WHERE id IN (SELECT product_id FROM removed_rows);
  ELSE
    UPDATE products SET card = NULL
    WHERE id IN (SELECT product_id FROM changed_rows UNION SELECT product_id FROM removed_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_images_inserted_card AFTER INSERT ON product_images REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_images_rewrite_cards();
--> statement-breakpoint
CREATE TRIGGER product_images_deleted_card AFTER DELETE ON product_images REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_images_rewrite_cards();
--> statement-breakpoint
CREATE TRIGGER product_images_updated_card AFTER UPDATE ON product_images REFERENCING OLD TABLE AS removed_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_images_rewrite_cards();
--> statement-breakpoint
-- A seller's username or bank badge shows on every card of theirs.
CREATE FUNCTION users_rewrite_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET card = NULL WHERE owner_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_card AFTER UPDATE OF username, is_verified ON users FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.is_verified IS DISTINCT FROM NEW.is_verified)
  EXECUTE FUNCTION users_rewrite_cards();
--> statement-breakpoint
-- A picture's address, size or variants show on the cards that use it.
CREATE FUNCTION media_rewrite_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET card = NULL WHERE id IN (SELECT product_id FROM product_images WHERE media_id = NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER media_card AFTER UPDATE OF url, width, height, variants ON media FOR EACH ROW
  WHEN (OLD.url IS DISTINCT FROM NEW.url OR OLD.width IS DISTINCT FROM NEW.width
    OR OLD.height IS DISTINCT FROM NEW.height OR OLD.variants IS DISTINCT FROM NEW.variants)
  EXECUTE FUNCTION media_rewrite_cards();
--> statement-breakpoint
UPDATE products SET card = NULL;
--> statement-breakpoint
-- A search reads the newest public listings in date order and checks their words (decision 020): with the
-- words and the price in the index, that walk reads the index alone (Index Only Scan), not each wide row
-- (decision 030). Drizzle cannot declare INCLUDE, so this index lives here only (see schema.ts).
CREATE INDEX "products_public_words_newest_idx" ON "products" USING btree ("created_at","id") INCLUDE ("price","search_vector","title_vector") WHERE "products"."status" = 'approved' and "products"."is_available";
