-- Mastery is now FSRS's predicted recall 30 days after an item's last review (how durable the
-- memory is; #shared/domain/mastery.ts), no longer the chance of recall at the moment it was
-- computed. The cached per-card mastery of students was written with the old figure: every row is
-- marked as computed long ago, so the class figures recompute it (in one statement per project,
-- with the code's single definition) before they show anything, and a review rewrites its card.
UPDATE "student_card_mastery" SET "computed_at" = '1970-01-01T00:00:00Z';
