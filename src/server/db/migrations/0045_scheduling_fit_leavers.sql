-- A student's own fitted parameters come from their reviews: they go with the enrolment (the
-- student leaving the project, deleting their account, or the LMS roster removing them), as their
-- reviews do (student_review's enrolment foreign key). The class's row (student_id 0) stays.
CREATE FUNCTION scheduling_fit_enrolment_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM scheduling_fit
  WHERE project_id = OLD.project_id AND student_id = OLD.student_id AND student_id <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scheduling_fit_enrolment_delete AFTER DELETE ON enrolment
  FOR EACH ROW EXECUTE FUNCTION scheduling_fit_enrolment_gone();
