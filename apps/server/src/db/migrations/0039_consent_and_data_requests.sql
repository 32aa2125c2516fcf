-- placeholder, replaced by the real migration
SELECT 1;
