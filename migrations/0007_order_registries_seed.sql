-- Order status transitions (src/domain/orders/transitions.ts reads them): from 0 = the statuses an order may be
-- created in; stock_effect 'invoice' posts the items' outbound movements, 'return' posts them back.
INSERT INTO order_status_transitions (from_status_id, to_status_id, stock_effect) VALUES
(0, 1, NULL), (0, 2, NULL), (0, 3, NULL), (0, 23, NULL), (0, 50, NULL),
(1, 2, NULL), (1, 3, NULL), (1, 23, NULL), (1, 10, NULL),
(2, 3, NULL), (2, 10, NULL),
(3, 4, NULL), (3, 23, NULL), (3, 6, 'invoice'), (3, 10, NULL),
(4, 5, NULL), (4, 10, NULL),
(5, 6, 'invoice'), (5, 10, NULL),
(6, 7, NULL), (6, 97, NULL), (6, 10, 'return'), (6, 11, 'return'),
(7, 8, NULL), (7, 9, NULL), (7, 11, 'return'),
(8, 9, NULL), (8, 12, NULL), (8, 11, 'return'),
(12, 9, NULL), (12, 11, 'return'),
(23, 6, 'invoice'), (23, 10, NULL),
(97, 9, NULL), (97, 11, 'return'),
(50, 51, NULL), (50, 57, NULL), (50, 58, NULL),
(51, 52, NULL), (51, 53, NULL), (51, 57, NULL), (51, 58, NULL),
(52, 53, NULL), (52, 57, NULL), (52, 58, NULL),
(53, 54, NULL), (53, 55, NULL), (53, 56, NULL), (53, 57, NULL),
(54, 55, NULL), (54, 56, NULL), (54, 57, NULL),
(55, 56, NULL), (55, 57, NULL), (55, 58, NULL),
(56, 1, NULL), (56, 3, NULL), (56, 23, NULL), (56, 57, NULL);
--> statement-breakpoint
-- CST of IBS/CBS (IDNfCstIbsCbs), the codes of the 2026 consumption-tax reform used on NF-e items.
INSERT INTO nf_cst_ibs_cbs (id, code, description) VALUES
(1, '000', 'Tributação integral'),
(2, '200', 'Alíquota reduzida'),
(3, '410', 'Imunidade e não incidência'),
(4, '510', 'Diferimento'),
(5, '550', 'Suspensão'),
(6, '620', 'Tributação monofásica'),
(7, '800', 'Transferência de crédito'),
(8, '810', 'Ajustes');
