CREATE TABLE "impact_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"items" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impact_tally" (
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"items" bigint NOT NULL,
	CONSTRAINT "impact_tally_category_kind_pk" PRIMARY KEY("category","kind")
);
--> statement-breakpoint
-- An order keeps the category its listing had (checkout writes it); one written without it takes its listing's,
-- as the impact counter counted it (decision 092). Orders from before categories were kept get theirs here.
CREATE FUNCTION orders_keep_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.product_category IS NULL AND NEW.product_id IS NOT NULL THEN
    SELECT p.category INTO NEW.product_category FROM products p WHERE p.id = NEW.product_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_category BEFORE INSERT OR UPDATE OF product_id, product_category ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_category();
--> statement-breakpoint
UPDATE orders o SET product_category = p.category FROM products p
  WHERE o.product_category IS NULL AND p.id = o.product_id;
--> statement-breakpoint
-- A paid order counts one item sold in its category; paid no longer (refunded), one less.
CREATE FUNCTION orders_impact_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'paid' AND OLD.product_category IS NOT NULL THEN
    INSERT INTO impact_changes (category, kind, items) VALUES (OLD.product_category, 'sold', -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'paid' AND NEW.product_category IS NOT NULL THEN
    INSERT INTO impact_changes (category, kind, items) VALUES (NEW.product_category, 'sold', 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_impact_changes AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_impact_changes();
--> statement-breakpoint
-- On every update, not only of these columns: orders_keep_category may fill the category of an update that
-- named only the listing.
CREATE TRIGGER orders_impact_changes_updated AFTER UPDATE ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.product_category IS DISTINCT FROM NEW.product_category)
  EXECUTE FUNCTION orders_impact_changes();
--> statement-breakpoint
-- A donation (a recipient picked) counts one item given in its category.
CREATE FUNCTION donations_impact_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO impact_changes (category, kind, items) VALUES (OLD.category, 'given', -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO impact_changes (category, kind, items) VALUES (NEW.category, 'given', 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER donations_impact_changes AFTER INSERT OR DELETE ON donations
  FOR EACH ROW EXECUTE FUNCTION donations_impact_changes();
--> statement-breakpoint
CREATE TRIGGER donations_impact_changes_updated AFTER UPDATE ON donations
  FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category) EXECUTE FUNCTION donations_impact_changes();
--> statement-breakpoint
-- Counts everything again from the orders and donations, in place of the tally and the changes not yet added
-- in: once here, and whenever a count is in doubt (`select impact_recount()`). The lock waits for the writes under
-- way and holds new ones back, so that every order is counted once, in the count or in a change written after it.
-- PL/pgSQL reads each statement when it comes to it: a function in SQL would read the DELETE, and take its lock,
-- before the LOCK, and two recounts at once would each wait for the other.
CREATE FUNCTION impact_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE impact_changes IN EXCLUSIVE MODE;
  DELETE FROM impact_changes;
  DELETE FROM impact_tally;
  INSERT INTO impact_tally (category, kind, items)
    SELECT product_category, 'sold', count(*) FROM orders
      WHERE status = 'paid' AND product_category IS NOT NULL GROUP BY product_category
    UNION ALL
    SELECT category, 'given', count(*) FROM donations GROUP BY category;
END
$$;
--> statement-breakpoint
SELECT impact_recount();
