ALTER TABLE `nf_cst_ibs_cbs` ADD `class_trib` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- the default cClassTrib of each seeded CST (published cClassTrib table; docs/NFE.md, "IBS/CBS")
UPDATE `nf_cst_ibs_cbs` SET `class_trib` = CASE `code`
  WHEN '000' THEN '000001'
  WHEN '200' THEN '200034'
  WHEN '410' THEN '410999'
  WHEN '510' THEN '510001'
  WHEN '550' THEN '550001'
  WHEN '620' THEN '620001'
  WHEN '800' THEN '800001'
  WHEN '810' THEN '810001'
  ELSE `class_trib` END;
