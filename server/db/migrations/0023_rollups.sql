CREATE TABLE "rollup_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"server_zone" varchar(64) NOT NULL,
	CONSTRAINT "rollup_clock_one_row" CHECK ("rollup_clock"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "rollup_hours" (
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"cashier_id" integer NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"payable" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_hours_branch_id_day_hour_cashier_id_pk" PRIMARY KEY("branch_id","day","hour","cashier_id")
);
--> statement-breakpoint
CREATE TABLE "rollup_items" (
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"cashier_id" integer NOT NULL,
	"payment" varchar(5) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"product_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_items_branch_id_day_cashier_id_payment_kind_product_id_package_id_pk" PRIMARY KEY("branch_id","day","cashier_id","payment","kind","product_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "rollup_kids" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"kids" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_sales" (
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"cashier_id" integer NOT NULL,
	"payment" varchar(5) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"coupon_id" integer NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"payable" bigint DEFAULT 0 NOT NULL,
	"cash" bigint DEFAULT 0 NOT NULL,
	"card" bigint DEFAULT 0 NOT NULL,
	"sale_discount" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"no_product" integer DEFAULT 0 NOT NULL,
	"no_package" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_sales_branch_id_day_cashier_id_payment_kind_coupon_id_pk" PRIMARY KEY("branch_id","day","cashier_id","payment","kind","coupon_id")
);
--> statement-breakpoint
CREATE INDEX "rollup_hours_day" ON "rollup_hours" USING btree ("day");--> statement-breakpoint
CREATE INDEX "rollup_items_day" ON "rollup_items" USING btree ("day");--> statement-breakpoint
CREATE INDEX "rollup_sales_day" ON "rollup_sales" USING btree ("day");--> statement-breakpoint
-- Roll-ups kept by PostgreSQL itself (ARCHITECTURE, "Roll-ups"): what follows is written by hand.
-- The zone a branch without one follows: the server sets its own at start (reports/rollup-clock.ts).
INSERT INTO "rollup_clock" ("id", "server_zone") VALUES (1, current_setting('TimeZone'));
--> statement-breakpoint
CREATE VIEW rollup_branch_zones AS
  SELECT b.id AS branch_id, coalesce(b.time_zone, c.server_zone) AS zone FROM branches b CROSS JOIN rollup_clock c;
--> statement-breakpoint
-- How a document was paid, as the reports have always told it.
CREATE FUNCTION rollup_payment(pos integer, cash integer, change integer) RETURNS varchar
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN pos = 0 THEN 'cash' WHEN cash - change = 0 THEN 'card' ELSE 'split' END $$;
--> statement-breakpoint
-- A line's net after the cart's discount, half up, per line: shared/domain/money priceCart's split.
CREATE FUNCTION rollup_net(paid integer, rate_bp integer) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN paid < 0 THEN -1 ELSE 1 END
    * ((abs(paid)::bigint * 20000 + 10000 + rate_bp) / ((10000 + rate_bp) * 2)) $$;
--> statement-breakpoint
-- A document or a line counted in (sign 1) or out (sign -1), with what its grain is read from.
CREATE TYPE rollup_sale AS (
  sign integer, branch_id integer, created_at timestamptz, cashier_id integer, kind varchar, coupon_id integer,
  pos integer, cash integer, change integer, payable integer, discount integer);
--> statement-breakpoint
CREATE TYPE rollup_line AS (
  sign integer, sale_id integer, branch_id integer, created_at timestamptz, cashier_id integer, kind varchar,
  coupon_id integer, pos integer, cash integer, change integer,
  product_id integer, package_id integer, qty integer, rate_bp integer, gross integer, discount integer);
--> statement-breakpoint
CREATE FUNCTION rollup_sale_side(sign integer, s sales) RETURNS rollup_sale
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT ROW(sign, s.branch_id, s.created_at, s.cashier_id, s.kind, s.coupon_id,
    s.pos, s.cash, s.change, s.payable, s.discount)::rollup_sale $$;
--> statement-breakpoint
CREATE FUNCTION rollup_line_side(sign integer, s sales, l sale_lines) RETURNS rollup_line
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT ROW(sign, s.id, s.branch_id, s.created_at, s.cashier_id, s.kind, s.coupon_id, s.pos, s.cash, s.change,
    l.product_id, l.package_id, l.qty, l.rate_bp, l.gross, l.discount)::rollup_line $$;
--> statement-breakpoint
-- Adds the documents and lines counted in, takes away those counted out. A document's lines are
-- given whole on each side, so "documents with a line of this item" is counted once per document.
-- Rows are upserted in key order (two writers never wait on each other crosswise); rows a change
-- left empty are removed, so the roll-ups stay what a rebuild would make.
-- Its statements are planned once per connection: planning them anew for every sale cost more than running them.
CREATE FUNCTION rollup_apply(sale_sides rollup_sale[], line_sides rollup_line[]) RETURNS void
  LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF cardinality(sale_sides) = 0 AND cardinality(line_sides) = 0 THEN
    RETURN;
  END IF;
  -- A rebuild of a branch holds this lock alone: what it reads and what is added here never cross.
  PERFORM pg_advisory_xact_lock_shared(7231, x.branch_id)
    FROM (SELECT branch_id FROM unnest(sale_sides) UNION SELECT branch_id FROM unnest(line_sides) ORDER BY 1) x;
  WITH s AS (
    SELECT x.sign, x.branch_id, (x.created_at AT TIME ZONE z.zone)::date AS day,
      extract(hour FROM x.created_at AT TIME ZONE z.zone)::smallint AS hour, x.cashier_id,
      rollup_payment(x.pos, x.cash, x.change) AS payment, x.kind, coalesce(x.coupon_id, 0) AS coupon_id,
      x.payable, x.cash - x.change AS cash, x.pos AS card, x.discount
    FROM unnest(sale_sides) x JOIN rollup_branch_zones z ON z.branch_id = x.branch_id
  ),
  l AS (
    SELECT x.sign, x.sale_id, x.branch_id, (x.created_at AT TIME ZONE z.zone)::date AS day, x.cashier_id,
      rollup_payment(x.pos, x.cash, x.change) AS payment, x.kind, coalesce(x.coupon_id, 0) AS coupon_id,
      x.product_id, x.package_id, x.qty, x.gross - x.discount AS paid, x.discount,
      rollup_net(x.gross - x.discount, x.rate_bp) AS net
    FROM unnest(line_sides) x JOIN rollup_branch_zones z ON z.branch_id = x.branch_id
  ),
  -- Each document's lines on each side, and per item.
  per_sale AS (
    SELECT sign, branch_id, day, cashier_id, payment, kind, coupon_id,
      sum(qty) AS quantity, sum(discount) AS discount, sum(net) AS net, sum(paid) AS paid,
      bool_or(product_id IS NULL)::int AS no_product, bool_or(package_id IS NULL)::int AS no_package
    FROM l GROUP BY sign, sale_id, branch_id, day, cashier_id, payment, kind, coupon_id
  ),
  per_item AS (
    SELECT sign, branch_id, day, cashier_id, payment, kind, coalesce(product_id, 0) AS product_id,
      coalesce(package_id, 0) AS package_id, sum(qty) AS quantity, sum(discount) AS discount, sum(net) AS net,
      sum(paid) AS paid
    FROM l GROUP BY sign, sale_id, branch_id, day, cashier_id, payment, kind, product_id, package_id
  ),
  sales_delta AS (
    SELECT branch_id, day, cashier_id, payment, kind, coupon_id, sum(sign) AS sales, sum(sign * payable) AS payable,
      sum(sign * cash) AS cash, sum(sign * card) AS card, sum(sign * discount) AS sale_discount,
      0 AS quantity, 0 AS discount, 0 AS net, 0 AS paid, 0 AS no_product, 0 AS no_package
    FROM s GROUP BY branch_id, day, cashier_id, payment, kind, coupon_id
    UNION ALL
    SELECT branch_id, day, cashier_id, payment, kind, coupon_id, 0, 0, 0, 0, 0,
      sum(sign * quantity), sum(sign * discount), sum(sign * net), sum(sign * paid),
      sum(sign * no_product), sum(sign * no_package)
    FROM per_sale GROUP BY branch_id, day, cashier_id, payment, kind, coupon_id
  ),
  sales_up AS (
    INSERT INTO rollup_sales AS r (branch_id, day, cashier_id, payment, kind, coupon_id, sales, payable, cash, card,
      sale_discount, quantity, discount, net, paid, no_product, no_package)
    SELECT branch_id, day, cashier_id, payment, kind, coupon_id, sum(sales), sum(payable), sum(cash), sum(card),
      sum(sale_discount), sum(quantity), sum(discount), sum(net), sum(paid), sum(no_product), sum(no_package)
    FROM sales_delta GROUP BY branch_id, day, cashier_id, payment, kind, coupon_id
    ORDER BY branch_id, day, cashier_id, payment, kind, coupon_id
    ON CONFLICT (branch_id, day, cashier_id, payment, kind, coupon_id) DO UPDATE SET
      sales = r.sales + excluded.sales, payable = r.payable + excluded.payable, cash = r.cash + excluded.cash,
      card = r.card + excluded.card, sale_discount = r.sale_discount + excluded.sale_discount,
      quantity = r.quantity + excluded.quantity, discount = r.discount + excluded.discount,
      net = r.net + excluded.net, paid = r.paid + excluded.paid,
      no_product = r.no_product + excluded.no_product, no_package = r.no_package + excluded.no_package
  ),
  items_up AS (
    INSERT INTO rollup_items AS r (branch_id, day, cashier_id, payment, kind, product_id, package_id, sales,
      quantity, discount, net, paid)
    SELECT branch_id, day, cashier_id, payment, kind, product_id, package_id, sum(sign), sum(sign * quantity),
      sum(sign * discount), sum(sign * net), sum(sign * paid)
    FROM per_item GROUP BY branch_id, day, cashier_id, payment, kind, product_id, package_id
    ORDER BY branch_id, day, cashier_id, payment, kind, product_id, package_id
    ON CONFLICT (branch_id, day, cashier_id, payment, kind, product_id, package_id) DO UPDATE SET
      sales = r.sales + excluded.sales, quantity = r.quantity + excluded.quantity,
      discount = r.discount + excluded.discount, net = r.net + excluded.net, paid = r.paid + excluded.paid
  )
  INSERT INTO rollup_hours AS r (branch_id, day, hour, cashier_id, sales, payable)
  SELECT branch_id, day, hour, cashier_id, sum(sign), sum(sign * payable)
  FROM s GROUP BY branch_id, day, hour, cashier_id
  ORDER BY branch_id, day, hour, cashier_id
  ON CONFLICT (branch_id, day, hour, cashier_id) DO UPDATE SET
    sales = r.sales + excluded.sales, payable = r.payable + excluded.payable;

  IF EXISTS (SELECT FROM unnest(sale_sides) WHERE sign < 0) OR EXISTS (SELECT FROM unnest(line_sides) WHERE sign < 0) THEN
    WITH emptied AS (
      SELECT DISTINCT x.branch_id, (x.created_at AT TIME ZONE z.zone)::date AS day
      FROM (SELECT branch_id, created_at FROM unnest(sale_sides) WHERE sign < 0
        UNION SELECT branch_id, created_at FROM unnest(line_sides) WHERE sign < 0) x
      JOIN rollup_branch_zones z ON z.branch_id = x.branch_id
    ),
    sales_gone AS (
      DELETE FROM rollup_sales r USING emptied e WHERE r.branch_id = e.branch_id AND r.day = e.day AND r.sales = 0
    ),
    items_gone AS (
      DELETE FROM rollup_items r USING emptied e WHERE r.branch_id = e.branch_id AND r.day = e.day AND r.sales = 0
    )
    DELETE FROM rollup_hours r USING emptied e WHERE r.branch_id = e.branch_id AND r.day = e.day AND r.sales = 0;
  END IF;
END $$;
--> statement-breakpoint
-- Documents written, changed or removed. A change of what places a document (branch, moment, cashier,
-- kind, coupon, payment) moves its lines too; a change of nothing counted (cancelled_at) touches nothing.
CREATE FUNCTION rollup_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sale_sides rollup_sale[];
  line_sides rollup_line[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    sale_sides := array(SELECT rollup_sale_side(1, n) FROM rollup_new n);
  ELSIF TG_OP = 'DELETE' THEN
    -- Its lines went before it (their foreign key), and took their part with them.
    sale_sides := array(SELECT rollup_sale_side(-1, o) FROM rollup_old o);
  ELSE
    WITH changed AS (
      SELECT o.id,
        (o.branch_id, o.created_at, o.cashier_id, o.kind, o.coupon_id, rollup_payment(o.pos, o.cash, o.change))
          IS DISTINCT FROM
        (n.branch_id, n.created_at, n.cashier_id, n.kind, n.coupon_id, rollup_payment(n.pos, n.cash, n.change))
          AS placed
      FROM rollup_old o JOIN rollup_new n ON n.id = o.id
      WHERE (o.branch_id, o.created_at, o.cashier_id, o.kind, o.coupon_id, o.pos, o.cash, o.change, o.payable, o.discount)
        IS DISTINCT FROM
        (n.branch_id, n.created_at, n.cashier_id, n.kind, n.coupon_id, n.pos, n.cash, n.change, n.payable, n.discount)
    )
    SELECT
      array(SELECT rollup_sale_side(-1, o) FROM rollup_old o JOIN changed c ON c.id = o.id
        UNION ALL SELECT rollup_sale_side(1, n) FROM rollup_new n JOIN changed c ON c.id = n.id),
      array(SELECT rollup_line_side(-1, o, l) FROM rollup_old o JOIN changed c ON c.id = o.id AND c.placed
          JOIN sale_lines l ON l.sale_id = o.id
        UNION ALL SELECT rollup_line_side(1, n, l) FROM rollup_new n JOIN changed c ON c.id = n.id AND c.placed
          JOIN sale_lines l ON l.sale_id = n.id)
    INTO sale_sides, line_sides;
  END IF;
  PERFORM rollup_apply(sale_sides, coalesce(line_sides, '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Lines written, changed or removed: each touched document's lines as they were and as they are.
CREATE FUNCTION rollup_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_lines sale_lines[] := '{}';
  new_ids integer[] := '{}';
BEGIN
  -- The usual sale: lines inserted into documents that had none before; they are counted in, nothing out.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (
      SELECT FROM sale_lines l
      WHERE l.sale_id IN (SELECT n.sale_id FROM rollup_new n) AND NOT EXISTS (SELECT FROM rollup_new n WHERE n.id = l.id)
    ) THEN
      PERFORM rollup_apply('{}', array(SELECT rollup_line_side(1, s, n) FROM rollup_new n JOIN sales s ON s.id = n.sale_id));
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_ids := array(SELECT id FROM rollup_new);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_lines := array(SELECT o FROM rollup_old o);
    IF EXISTS (SELECT FROM unnest(old_lines) o WHERE NOT EXISTS (SELECT FROM sales s WHERE s.id = o.sale_id)) THEN
      RAISE EXCEPTION 'roll-ups: a sale and its lines removed by one statement; remove the lines first';
    END IF;
  END IF;
  PERFORM rollup_apply('{}', array(
    WITH touched AS (
      SELECT o.sale_id FROM unnest(old_lines) o
      UNION SELECT l.sale_id FROM unnest(new_ids) i JOIN sale_lines l ON l.id = i
    ),
    current_lines AS (SELECT l FROM touched t JOIN sale_lines l ON l.sale_id = t.sale_id),
    sides AS (
      SELECT 1 AS sign, c.l FROM current_lines c
      UNION ALL
      SELECT -1, c.l FROM current_lines c WHERE NOT EXISTS (SELECT FROM unnest(new_ids) i WHERE i = (c.l).id)
      UNION ALL
      SELECT -1, o FROM unnest(old_lines) o
    )
    SELECT rollup_line_side(sides.sign, s, sides.l) FROM sides JOIN sales s ON s.id = (sides.l).sale_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rollup_sales_insert AFTER INSERT ON sales REFERENCING NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_sales_changed();
--> statement-breakpoint
CREATE TRIGGER rollup_sales_update AFTER UPDATE ON sales REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_sales_changed();
--> statement-breakpoint
CREATE TRIGGER rollup_sales_delete AFTER DELETE ON sales REFERENCING OLD TABLE AS rollup_old
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_sales_changed();
--> statement-breakpoint
CREATE TRIGGER rollup_lines_insert AFTER INSERT ON sale_lines REFERENCING NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_lines_changed();
--> statement-breakpoint
CREATE TRIGGER rollup_lines_update AFTER UPDATE ON sale_lines
  REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_lines_changed();
--> statement-breakpoint
CREATE TRIGGER rollup_lines_delete AFTER DELETE ON sale_lines REFERENCING OLD TABLE AS rollup_old
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_lines_changed();
--> statement-breakpoint
-- Kids counted in (1) or out (-1): the living kids of living parents, by the parent's branch (0: none).
CREATE TYPE rollup_kid_count AS (branch_id integer, kids integer);
--> statement-breakpoint
CREATE FUNCTION rollup_kids_add(deltas rollup_kid_count[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(deltas) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7231, d.branch_id) FROM unnest(deltas) d ORDER BY d.branch_id;
  INSERT INTO rollup_kids AS r (branch_id, kids)
  SELECT d.branch_id, d.kids FROM unnest(deltas) d ORDER BY d.branch_id
  ON CONFLICT (branch_id) DO UPDATE SET kids = r.kids + excluded.kids;
  DELETE FROM rollup_kids r USING unnest(deltas) d WHERE r.branch_id = d.branch_id AND r.kids = 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_kids_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_ids integer[] := '{}';
  after_ids integer[] := '{}';
BEGIN
  -- The parents of the living kids on each side, once per kid.
  IF TG_OP <> 'DELETE' THEN
    after_ids := array(SELECT n.parent_id FROM rollup_new n WHERE n.deleted_at IS NULL);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    before_ids := array(SELECT o.parent_id FROM rollup_old o WHERE o.deleted_at IS NULL);
  END IF;
  PERFORM rollup_kids_add(array(
    SELECT ROW(coalesce(p.branch_id, 0), sum(x.sign))::rollup_kid_count
    FROM (SELECT 1 AS sign, id FROM unnest(after_ids) id UNION ALL SELECT -1, id FROM unnest(before_ids) id) x
    JOIN parents p ON p.id = x.id AND p.deleted_at IS NULL
    GROUP BY coalesce(p.branch_id, 0) HAVING sum(x.sign) <> 0));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A parent deleted, restored or moved to another branch takes its living kids along. (A parent is
-- written before its kids and deleted after them, so its insert and delete count nothing.)
CREATE FUNCTION rollup_parents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_kids_add(array(
    WITH changed AS (
      SELECT o.id, o.branch_id AS old_branch, o.deleted_at IS NULL AS was_alive, n.branch_id AS new_branch,
        n.deleted_at IS NULL AS is_alive
      FROM rollup_old o JOIN rollup_new n ON n.id = o.id
      WHERE (o.branch_id, o.deleted_at IS NULL) IS DISTINCT FROM (n.branch_id, n.deleted_at IS NULL)
    ),
    sides AS (
      SELECT coalesce(old_branch, 0) AS branch_id, -1 AS sign, id FROM changed WHERE was_alive
      UNION ALL SELECT coalesce(new_branch, 0), 1, id FROM changed WHERE is_alive
    )
    SELECT ROW(s.branch_id, sum(s.sign))::rollup_kid_count
    FROM sides s JOIN kids k ON k.parent_id = s.id AND k.deleted_at IS NULL
    GROUP BY s.branch_id HAVING sum(s.sign) <> 0));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rollup_kids_insert AFTER INSERT ON kids REFERENCING NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_kids_changed();
--> statement-breakpoint
CREATE TRIGGER rollup_kids_update AFTER UPDATE ON kids REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_kids_changed();
--> statement-breakpoint
CREATE TRIGGER rollup_kids_delete AFTER DELETE ON kids REFERENCING OLD TABLE AS rollup_old
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_kids_changed();
--> statement-breakpoint
CREATE TRIGGER rollup_parents_update AFTER UPDATE ON parents
  REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_parents_changed();
--> statement-breakpoint
-- The roll-ups of the branches asked (null: all) computed again from the invoices and the kids, in one
-- transaction.
-- Sales of those branches wait meanwhile (rollup_apply's shared lock); other branches' do not.
CREATE FUNCTION rollup_rebuild(only_branch integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  -- Branch 0: the kids of parents of no branch, counted with every branch.
  ids := array(SELECT id FROM branches WHERE only_branch IS NULL OR id = only_branch
    UNION ALL SELECT 0 WHERE only_branch IS NULL ORDER BY 1);
  PERFORM pg_advisory_xact_lock(7231, id) FROM unnest(ids) id ORDER BY id;
  DELETE FROM rollup_kids WHERE branch_id = ANY (ids);
  INSERT INTO rollup_kids (branch_id, kids)
  SELECT coalesce(p.branch_id, 0), count(*) FROM kids k JOIN parents p ON p.id = k.parent_id
  WHERE k.deleted_at IS NULL AND p.deleted_at IS NULL AND coalesce(p.branch_id, 0) = ANY (ids)
  GROUP BY 1;
  DELETE FROM rollup_sales WHERE branch_id = ANY (ids);
  DELETE FROM rollup_items WHERE branch_id = ANY (ids);
  DELETE FROM rollup_hours WHERE branch_id = ANY (ids);
  CREATE TEMP TABLE rollup_placed ON COMMIT DROP AS
    SELECT s.id, s.branch_id, (s.created_at AT TIME ZONE z.zone)::date AS day,
      extract(hour FROM s.created_at AT TIME ZONE z.zone)::smallint AS hour, s.cashier_id,
      rollup_payment(s.pos, s.cash, s.change) AS payment, s.kind, coalesce(s.coupon_id, 0) AS coupon_id,
      s.payable, s.cash - s.change AS cash, s.pos AS card, s.discount
    FROM sales s JOIN rollup_branch_zones z ON z.branch_id = s.branch_id
    WHERE s.branch_id = ANY (ids);
  ANALYZE rollup_placed;
  INSERT INTO rollup_sales (branch_id, day, cashier_id, payment, kind, coupon_id, sales, payable, cash, card,
    sale_discount, quantity, discount, net, paid, no_product, no_package)
  SELECT p.branch_id, p.day, p.cashier_id, p.payment, p.kind, p.coupon_id, count(*), sum(p.payable), sum(p.cash),
    sum(p.card), sum(p.discount), coalesce(sum(t.quantity), 0), coalesce(sum(t.discount), 0), coalesce(sum(t.net), 0),
    coalesce(sum(t.paid), 0), count(*) FILTER (WHERE t.no_product), count(*) FILTER (WHERE t.no_package)
  FROM rollup_placed p
  LEFT JOIN (
    SELECT l.sale_id, sum(l.qty) AS quantity, sum(l.discount) AS discount,
      sum(rollup_net(l.gross - l.discount, l.rate_bp)) AS net, sum(l.gross - l.discount) AS paid,
      bool_or(l.product_id IS NULL) AS no_product, bool_or(l.package_id IS NULL) AS no_package
    FROM sale_lines l JOIN rollup_placed p ON p.id = l.sale_id GROUP BY l.sale_id
  ) t ON t.sale_id = p.id
  GROUP BY p.branch_id, p.day, p.cashier_id, p.payment, p.kind, p.coupon_id;
  INSERT INTO rollup_items (branch_id, day, cashier_id, payment, kind, product_id, package_id, sales, quantity,
    discount, net, paid)
  SELECT p.branch_id, p.day, p.cashier_id, p.payment, p.kind, coalesce(l.product_id, 0), coalesce(l.package_id, 0),
    count(DISTINCT p.id), sum(l.qty), sum(l.discount), sum(rollup_net(l.gross - l.discount, l.rate_bp)),
    sum(l.gross - l.discount)
  FROM rollup_placed p JOIN sale_lines l ON l.sale_id = p.id
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
  INSERT INTO rollup_hours (branch_id, day, hour, cashier_id, sales, payable)
  SELECT branch_id, day, hour, cashier_id, count(*), sum(payable) FROM rollup_placed GROUP BY 1, 2, 3, 4;
  DROP TABLE rollup_placed;
END $$;
--> statement-breakpoint
-- A branch's day follows its zone: a new zone puts its sales on other days.
CREATE FUNCTION rollup_branch_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rollup_branch_zone AFTER UPDATE OF time_zone ON branches
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION rollup_branch_zone_changed();
--> statement-breakpoint
-- The server's zone changed: the branches that follow it are rebuilt.
CREATE FUNCTION rollup_clock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_rebuild(b.id) FROM branches b WHERE b.time_zone IS NULL ORDER BY b.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rollup_clock_zone AFTER UPDATE ON rollup_clock
  FOR EACH ROW WHEN (OLD.server_zone IS DISTINCT FROM NEW.server_zone) EXECUTE FUNCTION rollup_clock_changed();
--> statement-breakpoint
-- Sales written before the roll-ups existed.
SELECT rollup_rebuild(NULL);
