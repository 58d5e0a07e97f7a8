ALTER TABLE "mids" ADD CONSTRAINT "mids_id_solution_key" UNIQUE("id","solution_id");--> statement-breakpoint
-- Limits left behind by MIDs moved to another solution before this migration (issue 23): invisible on both
-- solutions, never firing. Each scope keeps one row, the one on the MID's solution if there is one, otherwise the
-- latest edited, which follows the MID; the others go (with their firings).
DELETE FROM "limits" l USING "mids" m
WHERE l."mid_id" = m."id" AND l."solution_id" <> m."solution_id"
  AND EXISTS (
    SELECT 1 FROM "limits" k
    WHERE k."mid_id" = l."mid_id" AND k."id" <> l."id"
      AND k."card_brand" IS NOT DISTINCT FROM l."card_brand" AND k."descriptor" IS NOT DISTINCT FROM l."descriptor"
      AND (k."solution_id" = m."solution_id" OR k."updated_at" > l."updated_at"
        OR (k."updated_at" = l."updated_at" AND k."id" > l."id"))
  );--> statement-breakpoint
UPDATE "limits" l SET "solution_id" = m."solution_id"
FROM "mids" m
WHERE l."mid_id" = m."id" AND l."solution_id" <> m."solution_id";--> statement-breakpoint
ALTER TABLE "limits" ADD CONSTRAINT "limits_mid_solution_fk" FOREIGN KEY ("mid_id","solution_id") REFERENCES "public"."mids"("id","solution_id") ON DELETE cascade ON UPDATE cascade;
