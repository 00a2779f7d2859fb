INSERT INTO merchant (paymentMethod, merchantId, id, active, name, type, source, sourceId, redeemType, savingsPercentage, denominationsType)
VALUES ('gift card', 'placeholder', 1, 1, 'Placeholder', 'online', 'CTX', 'placeholder', 'barcode', 100, 'fixed');
