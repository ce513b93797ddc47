-- Each status changes only as its state table says (packages/core/src/payment-state.ts); db/state-transitions.test.ts tries every pair.
CREATE OR REPLACE FUNCTION payments_capture_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The transitions of the capture status table in packages/core/src/payment-state.ts, and no others.
  IF NEW.capture_status IS DISTINCT FROM OLD.capture_status AND NOT (
      (OLD.capture_status = 'authorized' AND NEW.capture_status IN ('captured', 'partially_captured', 'voided', 'expired'))
      OR (OLD.capture_status = 'captured' AND NEW.capture_status IN ('settled'))
      OR (OLD.capture_status = 'partially_captured' AND NEW.capture_status IN ('settled'))
  ) THEN
    RAISE EXCEPTION 'capture status cannot change from % to %', OLD.capture_status, NEW.capture_status
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_capture_status_transition BEFORE UPDATE OF capture_status ON "payments" FOR EACH ROW EXECUTE FUNCTION payments_capture_status_transition();--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_operations_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The transitions of the money operation status table in packages/core/src/payment-state.ts, and no others.
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
      (OLD.status = 'pending' AND NEW.status IN ('succeeded', 'failed', 'scheduled'))
      OR (OLD.status = 'scheduled' AND NEW.status IN ('pending'))
  ) THEN
    RAISE EXCEPTION 'money operation status cannot change from % to %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER money_operations_status_transition BEFORE UPDATE OF status ON "money_operations" FOR EACH ROW EXECUTE FUNCTION money_operations_status_transition();
