-- The later words of every merchant's name, for the palette's word-prefix search (schema.ts, merchantNameWords).
-- A trigger keeps them with each insert and rename, whoever writes (the API, the seed, a bulk load), in the same
-- transaction. Words split on white space and punctuation, in lower case; letters of any script stay together.
CREATE FUNCTION merchant_name_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.pretty_name IS NOT DISTINCT FROM OLD.pretty_name AND NEW.account_id = OLD.account_id THEN
    RETURN NEW;
  END IF;
  DELETE FROM merchant_name_words WHERE merchant_id = NEW.id;
  INSERT INTO merchant_name_words (merchant_id, account_id, position, word)
  SELECT NEW.id, NEW.account_id, w.position, w.word
  FROM (
    SELECT part AS word, row_number() OVER (ORDER BY ordinality) AS position
    FROM regexp_split_to_table(lower(NEW.pretty_name), '[[:space:][:punct:]]+') WITH ORDINALITY AS p(part, ordinality)
    WHERE part <> ''
  ) w
  WHERE w.position > 1 AND w.position < 32000;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER merchants_name_words AFTER INSERT OR UPDATE OF pretty_name, account_id ON merchants
  FOR EACH ROW EXECUTE FUNCTION merchant_name_words_sync();
--> statement-breakpoint
INSERT INTO merchant_name_words (merchant_id, account_id, position, word)
SELECT m.id, m.account_id, w.position, w.word
FROM merchants m
CROSS JOIN LATERAL (
  SELECT part AS word, row_number() OVER (ORDER BY ordinality) AS position
  FROM regexp_split_to_table(lower(m.pretty_name), '[[:space:][:punct:]]+') WITH ORDINALITY AS p(part, ordinality)
  WHERE part <> ''
) w
WHERE w.position > 1 AND w.position < 32000;
