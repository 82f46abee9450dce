-- A quarter's agreement, assessment, PM-agreement and PM-assessment windows may lie after the quarter's end
-- (a quarter is assessed once it is over; an agreement often opens late): the CHECKs that kept them inside go.
ALTER TABLE IF EXISTS quarter DROP CONSTRAINT IF EXISTS ck_quarter__end_date__agreement_start_date;
ALTER TABLE IF EXISTS quarter DROP CONSTRAINT IF EXISTS ck_quarter__end_date__agreement_end_date;
ALTER TABLE IF EXISTS quarter DROP CONSTRAINT IF EXISTS ck_quarter__end_date__assessment_start_date;
ALTER TABLE IF EXISTS quarter DROP CONSTRAINT IF EXISTS ck_quarter__end_date__assessment_end_date;
ALTER TABLE IF EXISTS quarter DROP CONSTRAINT IF EXISTS ck_quarter__end_date__pm_agreement_start_date;
ALTER TABLE IF EXISTS quarter DROP CONSTRAINT IF EXISTS ck_quarter__end_date__pm_agreement_end_date;
ALTER TABLE IF EXISTS quarter DROP CONSTRAINT IF EXISTS ck_quarter__end_date__pm_assessment_start_date;
ALTER TABLE IF EXISTS quarter DROP CONSTRAINT IF EXISTS ck_quarter__end_date__pm_assessment_end_date;
