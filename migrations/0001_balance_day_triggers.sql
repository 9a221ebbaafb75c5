-- Per-account, per-day totals of internal entries (bank_account_days) kept by the database itself:
-- every insert, delete or update of an entry adjusts its day in the same statement, so balances
-- never drift from the entries whatever code path writes them.
CREATE TRIGGER bank_statements_days_after_insert AFTER INSERT ON bank_statements BEGIN
  INSERT INTO bank_account_days (bank_account_id, day, inflow, outflow, entries)
  VALUES (
    NEW.bank_account_id,
    substr(NEW.date, 1, 10),
    CASE WHEN NEW.type_account = 0 THEN NEW.value ELSE 0 END,
    CASE WHEN NEW.type_account = 1 THEN NEW.value ELSE 0 END,
    1
  )
  ON CONFLICT (bank_account_id, day) DO UPDATE SET
    inflow = inflow + excluded.inflow,
    outflow = outflow + excluded.outflow,
    entries = entries + 1;
END;
--> statement-breakpoint
CREATE TRIGGER bank_statements_days_after_delete AFTER DELETE ON bank_statements BEGIN
  UPDATE bank_account_days SET
    inflow = inflow - CASE WHEN OLD.type_account = 0 THEN OLD.value ELSE 0 END,
    outflow = outflow - CASE WHEN OLD.type_account = 1 THEN OLD.value ELSE 0 END,
    entries = entries - 1
  WHERE bank_account_id = OLD.bank_account_id AND day = substr(OLD.date, 1, 10);
END;
--> statement-breakpoint
CREATE TRIGGER bank_statements_days_after_update
AFTER UPDATE OF bank_account_id, type_account, value, date ON bank_statements BEGIN
  UPDATE bank_account_days SET
    inflow = inflow - CASE WHEN OLD.type_account = 0 THEN OLD.value ELSE 0 END,
    outflow = outflow - CASE WHEN OLD.type_account = 1 THEN OLD.value ELSE 0 END,
    entries = entries - 1
  WHERE bank_account_id = OLD.bank_account_id AND day = substr(OLD.date, 1, 10);
  INSERT INTO bank_account_days (bank_account_id, day, inflow, outflow, entries)
  VALUES (
    NEW.bank_account_id,
    substr(NEW.date, 1, 10),
    CASE WHEN NEW.type_account = 0 THEN NEW.value ELSE 0 END,
    CASE WHEN NEW.type_account = 1 THEN NEW.value ELSE 0 END,
    1
  )
  ON CONFLICT (bank_account_id, day) DO UPDATE SET
    inflow = inflow + excluded.inflow,
    outflow = outflow + excluded.outflow,
    entries = entries + 1;
END;
