-- Order numbers start at 1001, as shops number them: a first customer's "Order 1" read as a shop
-- with no orders (decision 199). Numbers already given stay; the next is above them all.
SELECT setval(
  pg_get_serial_sequence('orders', 'number'),
  GREATEST(1000, (SELECT COALESCE(MAX("number"), 0) FROM "orders"))
);
