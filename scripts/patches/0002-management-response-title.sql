-- A management response is named by its finding's title (a new read-only column the migrator adds): the responses
-- stored before it get theirs here, so that no action's reference to one shows an id.
ALTER TABLE IF EXISTS audit_management_response ADD COLUMN IF NOT EXISTS title text;
UPDATE audit_management_response r SET title = f.title FROM audit_finding f WHERE f.id = r.audit_finding_id AND f.company_id = r.company_id AND r.title IS NULL;
