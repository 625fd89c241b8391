-- For each public listing (approved, available), one row per distinct first three letters of its titles'
-- words (lexemes of title_vector), with what a search's walk reads: the date, the price and the titles'
-- words. A search walks the rows of one of its words, newest first, instead of every listing (decision
-- 035): 'samsung pho' reads the listings with a word starting 'sam', about 300 rows for a page instead of
-- 3,600. Kept by the triggers below in the same transaction as every write; the app never writes it.
CREATE TABLE "title_word_postings" (
	"prefix" text NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL,
	"price" integer,
	"title_vector" tsvector NOT NULL,
	PRIMARY KEY ("product_id", "prefix")
);
--> statement-breakpoint
CREATE INDEX "title_word_postings_newest_idx" ON "title_word_postings" USING btree ("prefix","created_at","product_id") INCLUDE ("price","title_vector");
--> statement-breakpoint
-- The rows of a listing, from its row as it now is: none unless it is public.
CREATE FUNCTION products_write_title_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM title_word_postings WHERE product_id = OLD.id;
  END IF;
  IF NEW.status = 'approved' AND NEW.is_available THEN
    INSERT INTO title_word_postings (prefix, product_id, created_at, price, title_vector)
    SELECT DISTINCT left(words.lexeme, 3), NEW.id, NEW.created_at, NEW.price, NEW.title_vector
    FROM unnest(NEW.title_vector) AS words;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_title_postings_inserted AFTER INSERT ON products FOR EACH ROW
  WHEN (NEW.status = 'approved' AND NEW.is_available)
  EXECUTE FUNCTION products_write_title_postings();
--> statement-breakpoint
CREATE TRIGGER products_title_postings_updated AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.is_available IS DISTINCT FROM NEW.is_available OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.price IS DISTINCT FROM NEW.price)
  EXECUTE FUNCTION products_write_title_postings();
--> statement-breakpoint
INSERT INTO title_word_postings (prefix, product_id, created_at, price, title_vector)
SELECT DISTINCT left(words.lexeme, 3), p.id, p.created_at, p.price, p.title_vector
FROM products p, unnest(p.title_vector) AS words
WHERE p.status = 'approved' AND p.is_available;
