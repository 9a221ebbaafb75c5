-- Hand-written (before drizzle-kit's DROP COLUMNs): the SEFAZ integrations' certificates, keys and
-- mTLS binding names move into the certificate store (company_certificates), one row per company and
-- CNPJ. When several integrations of a company share a CNPJ, the one updated last wins; a CNPJ that
-- already has a row in the store keeps it. not_before was never stored by the SEFAZ settings: NULL.
INSERT INTO `company_certificates` (`company_id`, `cnpj`, `certificate_pem`, `subject`, `not_before`, `not_after`, `mtls_certificate`, `private_key`)
SELECT s.`company_id`, s.`cnpj`, s.`certificate_pem`, s.`certificate_subject`, NULL, s.`certificate_not_after`, s.`mtls_certificate`, s.`private_key`
FROM `sefaz_integrations` s
WHERE (s.`certificate_pem` IS NOT NULL OR s.`private_key` IS NOT NULL OR s.`mtls_certificate` IS NOT NULL)
  AND s.`company_integration_id` = (
    SELECT s2.`company_integration_id` FROM `sefaz_integrations` s2
    WHERE s2.`company_id` = s.`company_id` AND s2.`cnpj` = s.`cnpj`
      AND (s2.`certificate_pem` IS NOT NULL OR s2.`private_key` IS NOT NULL OR s2.`mtls_certificate` IS NOT NULL)
    ORDER BY s2.`updated_at` DESC, s2.`company_integration_id` DESC
    LIMIT 1
  )
ON CONFLICT (`company_id`, `cnpj`) DO NOTHING;--> statement-breakpoint
ALTER TABLE `sefaz_integrations` DROP COLUMN `mtls_certificate`;--> statement-breakpoint
ALTER TABLE `sefaz_integrations` DROP COLUMN `certificate_pem`;--> statement-breakpoint
ALTER TABLE `sefaz_integrations` DROP COLUMN `certificate_not_after`;--> statement-breakpoint
ALTER TABLE `sefaz_integrations` DROP COLUMN `certificate_subject`;--> statement-breakpoint
ALTER TABLE `sefaz_integrations` DROP COLUMN `private_key`;