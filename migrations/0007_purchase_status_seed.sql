-- Purchase status registry (IDStatusPurchase 0 to 12); src/domain/purchases/statuses.ts holds the same rows
-- and the transition rules.
INSERT INTO purchase_statuses (id, description, color_code, awaiting_receipt, editable, final) VALUES
(0, 'Rascunho', '#9E9E9E', 0, 1, 0),
(1, 'Aguardando aprovação', '#FBC02D', 0, 1, 0),
(2, 'Aprovado', '#7CB342', 1, 1, 0),
(3, 'Enviado ao fornecedor', '#1E88E5', 1, 1, 0),
(4, 'Confirmado pelo fornecedor', '#3949AB', 1, 1, 0),
(5, 'Faturado pelo fornecedor (NF-e emitida)', '#00897B', 1, 1, 0),
(6, 'Em trânsito', '#039BE5', 1, 1, 0),
(7, 'Entregue, aguardando conferência', '#8E24AA', 1, 1, 0),
(8, 'Recebido com divergência (faltas)', '#FB8C00', 0, 0, 0),
(9, 'Recebido', '#2E7D32', 0, 0, 0),
(10, 'Encerrado', '#455A64', 0, 0, 1),
(11, 'Devolvido ao fornecedor', '#6D4C41', 0, 0, 1),
(12, 'Cancelado', '#E53935', 0, 0, 1);
