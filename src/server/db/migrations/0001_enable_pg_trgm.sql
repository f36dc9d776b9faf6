-- Trigram matching for typo-tolerant template names (drizzle-kit never emits CREATE EXTENSION).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
